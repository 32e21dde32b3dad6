// swift-tools-version:6.1
import PackageDescription

// Per-step timing of the region OCR front-end on image files; a separate package so the main
// package's manifest stays unchanged. Run from the repository root:
//   swift run -c release --package-path bench/ocr-steps --scratch-path .build-ocr-bench ocr-steps IMAGE...
let package = Package(
    name: "ocr-steps",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "lensd", path: "../..")],
    targets: [
        .executableTarget(
            name: "ocr-steps",
            dependencies: [.product(name: "OCR", package: "lensd"), .product(name: "Capture", package: "lensd")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
