import Testing
@testable import TextDetection

@Suite("DetectorModel")
struct DetectorModelTests {
    @Test func theUsersDataFolderComesFirstThenTheSystemOnes() {
        let directories = DetectorModel.searchDirectories(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
        #expect(directories == ["/data/lensd/models", "/usr/local/share/lensd/models", "/usr/share/lensd/models"])
        #expect(DetectorModel.searchDirectories(environment: ["HOME": "/home/u"]).first == "/home/u/.local/share/lensd/models")
    }

    @Test func aModelNamedOnTheCommandLineIsUsedAsIs() {
        #expect(DetectorModel.resolve(explicit: "/m.onnx", environment: [:]) == "/m.onnx")
    }

    @Test func withNoModelInstalledTheUsersInstallPlaceIsNamed() {
        #expect(DetectorModel.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/data"], exists: { _ in false })
            == "/data/lensd/models/" + DetectorModel.fileName)
        #expect(DetectorModel.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/data"], exists: { $0.hasPrefix("/usr/share") })
            == "/usr/share/lensd/models/" + DetectorModel.fileName)
    }
}
