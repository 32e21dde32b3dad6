import ArgumentParser
import Capture
import Foundation
import Pipeline

/// `lensd devices`: every `/dev/video*` node with what lensd can capture from it.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List video devices: driver, card, bus, capture formats, sizes, frame rates, zoom and torch.")

    @Flag(help: "Print one JSON array instead of text.")
    var json = false

    func run() throws {
        let devices = DeviceEnumerator().devices()
        let events = EventStream()
        if json {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
            let data = try encoder.encode(devices.map(DeviceListing.init))
            events.emitText( String(decoding: data, as: UTF8.self) + "\n")
        } else if devices.isEmpty {
            events.emitText( "no video devices in /dev\n")
        } else {
            events.emitText( devices.map(Self.describe).joined(separator: "\n"))
        }
    }

    private static func describe(_ device: DeviceInfo) -> String {
        var lines = [device.path]
        if let capability = device.capability {
            lines.append("  driver \(capability.driver), card \(capability.card), bus \(capability.busInfo)")
            lines.append("  capture: \(device.canCapture ? "yes" : "no")")
        }
        if let error = device.error {
            let hint = DeviceStatus(failure: error).hint.map { " (\($0))" } ?? ""
            lines.append("  error: \(error.description)\(hint)")
        }
        for format in device.formats {
            lines.append("  \(format.pixelFormat) \(format.description)\(format.isEmulated ? " (emulated by libv4lconvert)" : "")")
            for size in format.sizes {
                let rates = size.framesPerSecond.map { String(format: "%g", $0) }.joined(separator: ", ")
                lines.append("    \(size.width)x\(size.height)\(rates.isEmpty ? "" : " @ \(rates) fps")")
            }
            if let range = format.sizeRange {
                lines.append("    \(range.minWidth)x\(range.minHeight) to \(range.maxWidth)x\(range.maxHeight), step \(range.stepWidth)x\(range.stepHeight)")
            }
        }
        if device.canCapture {
            let zoom = device.opticalZoom.map { "optical \($0.minimum)…\($0.maximum)" } ?? "digital 1…4"
            lines.append("  zoom: \(zoom); torch: \(device.hasTorch ? "yes" : "no")")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The JSON form of one ``DeviceInfo``.
private struct DeviceListing: Encodable {
    struct Format: Encodable {
        var fourcc: String
        var description: String
        var emulated: Bool
        var sizes: [Size]
        var sizeRange: Range?
    }

    struct Size: Encodable {
        var width: Int
        var height: Int
        var fps: [Double]
    }

    struct Range: Encodable {
        var minWidth: Int, maxWidth: Int, stepWidth: Int
        var minHeight: Int, maxHeight: Int, stepHeight: Int
    }

    struct Zoom: Encodable {
        var kind: String
        var min: Double
        var max: Double
    }

    struct Torch: Encodable {
        var available: Bool
    }

    var path: String
    var driver: String?
    var card: String?
    var bus: String?
    var capture: Bool
    var formats: [Format]
    var zoom: Zoom?
    var torch: Torch?
    var error: String?

    init(_ device: DeviceInfo) {
        path = device.path
        driver = device.capability?.driver
        card = device.capability?.card
        bus = device.capability?.busInfo
        capture = device.canCapture
        formats = device.formats.map { format in
            Format(fourcc: format.pixelFormat.description, description: format.description, emulated: format.isEmulated,
                   sizes: format.sizes.map { Size(width: $0.width, height: $0.height, fps: $0.framesPerSecond) },
                   sizeRange: format.sizeRange.map {
                       Range(minWidth: $0.minWidth, maxWidth: $0.maxWidth, stepWidth: $0.stepWidth,
                             minHeight: $0.minHeight, maxHeight: $0.maxHeight, stepHeight: $0.stepHeight)
                   })
        }
        if device.canCapture {
            zoom = device.opticalZoom.map { Zoom(kind: "optical", min: Double($0.minimum), max: Double($0.maximum)) }
                ?? Zoom(kind: "digital", min: ZoomState.digitalRange.lowerBound, max: ZoomState.digitalRange.upperBound)
            torch = Torch(available: device.hasTorch)
        }
        error = device.error?.description
    }
}
