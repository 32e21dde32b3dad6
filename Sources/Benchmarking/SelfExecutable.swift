import Foundation

/// The running `lensd` binary, which `lensd bench` starts again as the measured child.
public enum SelfExecutable {
    /// The absolute path of this process's executable (`/proc/self/exe`), else `argv[0]` made absolute.
    public static func path() -> String {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return resolved
        }
        let argument = CommandLine.arguments.first ?? "lensd"
        if argument.hasPrefix("/") { return argument }
        return (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(argument)
    }
}
