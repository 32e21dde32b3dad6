import Testing
@testable import lensd

/// A first argument that names no command is reported as such, not as an argument of `run`.
@Suite("unknown commands")
struct UnknownCommandTests {
    @Test("lensd frobnicate says unknown command, lists the commands and exits with the usage status")
    func unknownCommandIsNamed() throws {
        let run = try LensdProcess.run(["frobnicate"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("unknown command 'frobnicate'"), "\(run.stderr)")
        #expect(run.stderr.contains("replay"))
        #expect(!run.stderr.contains("Unexpected argument"))
    }

    @Test("commands, options of the default command and help are not unknown commands")
    func knownFirstArguments() {
        #expect(Lensd.unknownCommand(in: ["replay", "x.y4m"]) == nil)
        #expect(Lensd.unknownCommand(in: ["--device", "/dev/video2"]) == nil)
        #expect(Lensd.unknownCommand(in: ["help"]) == nil)
        #expect(Lensd.unknownCommand(in: []) == nil)
        #expect(Lensd.unknownCommand(in: ["scna"]) != nil)
    }
}
