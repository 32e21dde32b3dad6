import Foundation

/// Checks JSON values against the subset of JSON Schema 2020-12 that `docs/schema/` uses:
/// `type`, `properties`, `required`, `additionalProperties` (boolean), `items`, `enum`, `const`,
/// `minimum`, `maximum`, `minLength`, `maxLength` and local `$ref`s to `#/$defs/…`. Any other
/// keyword is reported, so a schema cannot silently use more than is checked.
///
/// As a consumer validates, fields that a schema does not list pass unless it says
/// `additionalProperties: false`. With `documentedOnly`, as the tests check lensd's own output
/// and the documentation's examples, every field of an object whose schema lists `properties`
/// must be one of them: what lensd writes is documented.
struct SchemaValidator {
    let root: JSONValue
    var documentedOnly = false

    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]

    /// Problems found, as `path: problem`; empty when `value` is valid.
    func problems(_ value: JSONValue) -> [String] {
        var problems: [String] = []
        check(value, against: root, path: "$", into: &problems)
        return problems
    }

    private func check(_ value: JSONValue, against schema: JSONValue, path: String, into problems: inout [String]) {
        guard case .object(let keywords) = schema else {
            problems.append("\(path): schema is not an object")
            return
        }
        for (keyword, argument) in keywords {
            switch (keyword, argument) {
            case ("$ref", .string(let reference)):
                let name = reference.replacingOccurrences(of: "#/$defs/", with: "")
                guard case .object(let root) = root, case .object(let definitions)? = root["$defs"], let target = definitions[name] else {
                    problems.append("\(path): unresolved $ref \(reference)")
                    continue
                }
                check(value, against: target, path: path, into: &problems)
            case ("type", .string(let name)):
                if !value.typeNames.contains(name) { problems.append("\(path): expected \(name)") }
            case ("type", .array(let names)):
                if !names.contains(where: { if case .string(let name) = $0 { value.typeNames.contains(name) } else { false } }) {
                    problems.append("\(path): expected one of \(names)")
                }
            case ("const", let expected):
                if value != expected { problems.append("\(path): expected \(expected)") }
            case ("enum", .array(let allowed)):
                if !allowed.contains(value) { problems.append("\(path): \(value) not in enum") }
            case ("minimum", .number(let bound)):
                if case .number(let number) = value, number < bound { problems.append("\(path): below \(bound)") }
            case ("maximum", .number(let bound)):
                if case .number(let number) = value, number > bound { problems.append("\(path): above \(bound)") }
            case ("minLength", .number(let bound)):
                if case .string(let text) = value, Double(text.count) < bound { problems.append("\(path): shorter than \(bound)") }
            case ("maxLength", .number(let bound)):
                if case .string(let text) = value, Double(text.count) > bound { problems.append("\(path): longer than \(bound)") }
            case ("required", .array(let names)):
                if case .object(let fields) = value {
                    for case .string(let name) in names where fields[name] == nil { problems.append("\(path): missing \(name)") }
                }
            case ("properties", .object(let properties)):
                if case .object(let fields) = value {
                    for (name, field) in fields {
                        if let property = properties[name] {
                            check(field, against: property, path: "\(path).\(name)", into: &problems)
                        } else if documentedOnly || keywords["additionalProperties"] == .bool(false) {
                            problems.append("\(path): undocumented field \(name)")
                        }
                    }
                }
            case ("additionalProperties", .bool):
                continue
            case ("items", let itemSchema):
                if case .array(let items) = value {
                    for (index, item) in items.enumerated() {
                        check(item, against: itemSchema, path: "\(path)[\(index)]", into: &problems)
                    }
                }
            default:
                if !Self.annotations.contains(keyword) { problems.append("\(path): unsupported keyword \(keyword)") }
            }
        }
    }
}
