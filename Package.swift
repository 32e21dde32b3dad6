// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "lensd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "lensd", targets: ["lensd"]),
        .library(name: "SystemCalls", targets: ["SystemCalls"]),
        .library(name: "Capture", targets: ["Capture"]),
        .library(name: "OCR", targets: ["OCR"]),
        .library(name: "SceneAnalysis", targets: ["SceneAnalysis"]),
        .library(name: "PriceParsing", targets: ["PriceParsing"]),
        .library(name: "Tracking", targets: ["Tracking"]),
        .library(name: "Conversion", targets: ["Conversion"]),
        .library(name: "Inference", targets: ["Inference"]),
        .library(name: "TextDetection", targets: ["TextDetection"]),
        .library(name: "TextRecognition", targets: ["TextRecognition"]),
        .library(name: "Evaluation", targets: ["Evaluation"]),
        .library(name: "Viewer", targets: ["Viewer"]),
        .library(name: "LensProtocol", targets: ["LensProtocol"]),
        .library(name: "Pipeline", targets: ["Pipeline"]),
        .library(name: "SocketServing", targets: ["SocketServing"]),
        .library(name: "Benchmarking", targets: ["Benchmarking"]),
        .library(name: "SystemdNotify", targets: ["SystemdNotify"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng"])]
        ),
        .systemLibrary(
            name: "CLeptonica",
            pkgConfig: "lept",
            providers: [.apt(["libleptonica-dev"])]
        ),
        .systemLibrary(
            name: "CV4L2",
            pkgConfig: "libv4l2",
            providers: [.apt(["libv4l-dev"])]
        ),
        // The trained text models behind a C API, in C++: OpenVINO (loaded at run time) runs the
        // networks, OpenCV's core and image operations (Debian's libopencv-dev) prepare their
        // inputs and read their outputs. OpenCV's headers are reached through include/opencv2, a
        // link to Debian's /usr/include/opencv4/opencv2, rather than pkg-config: SwiftPM would link
        // every library `pkg-config --libs opencv4` names (all of OpenCV's modules and, through
        // them, Qt, VTK, GDAL and hundreds more: 80 MB of resident memory) into lensd.
        .target(
            name: "CTextModels",
            linkerSettings: [.linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"), .linkedLibrary("dl")]
        ),
        // The inference runtime the text models run on: where it is installed, loading it once.
        .target(name: "Inference", dependencies: ["CTextModels"]),
        .target(name: "TextDetection", dependencies: ["CTextModels", "Inference"]),
        .target(name: "TextRecognition", dependencies: ["CTextModels", "Inference", "TextDetection"]),
        // Vector kernels in C (SSE2 on x86-64) for loops Swift's SIMD types compile a lane at a
        // time; header only, so SwiftPM sees when they change (it does not for a system library's).
        .target(name: "CKernels"),
        // System calls swift-system does not wrap, retried when a signal interrupts them.
        .target(name: "SystemCalls", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        .target(
            name: "Capture",
            dependencies: [
                "CLeptonica",
                "CV4L2",
                "SystemCalls",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(
            name: "OCR",
            dependencies: ["CTesseract", "CLeptonica", "CKernels", "Inference", "TextDetection", "TextRecognition"]
        ),
        // How the camera's picture moves and changes from frame to frame; the OCR scheduler's pixel heuristics of text lines.
        .target(name: "SceneAnalysis", dependencies: ["Capture", "CKernels"]),
        // Prices in read text: amounts, currencies, units, and where on the line they stand.
        .target(name: "PriceParsing", dependencies: ["SceneAnalysis"]),
        .target(name: "Tracking", dependencies: ["SceneAnalysis", "PriceParsing"]),
        .target(name: "Conversion", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "Evaluation"),
        // The NDJSON protocol's messages, encoded by lensd and decodable by a Swift client.
        .target(name: "LensProtocol"),
        // The HTTP viewer: the page, frames as JPEG and MJPEG, events, control, metrics; drawing prices on pictures.
        .target(
            name: "Viewer",
            dependencies: [
                "CLeptonica",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The daemon's pipeline: frames through change detection, the OCR scheduler and its workers, prices,
        // tracks and conversions to NDJSON events; control messages, metrics, what the viewer is served.
        .target(
            name: "Pipeline",
            dependencies: [
                "Capture", "OCR", "SceneAnalysis", "PriceParsing", "Tracking", "Conversion", "Inference", "TextDetection", "TextRecognition",
                "Viewer", "LensProtocol",
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        // The stream served on Unix and TCP sockets: listening, one connection per client, its control
        // messages and watch settings, slow clients dropped.
        .target(
            name: "SocketServing",
            dependencies: [
                "Pipeline", "LensProtocol",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // `lensd bench`'s measuring (a replay of lensd as a child process: its CPU, memory, latency and
        // scores) and the micro-benchmarks' timed loops (`lensd microbench`).
        .target(
            name: "Benchmarking",
            dependencies: [
                "Capture", "SystemCalls", "Evaluation", "LensProtocol", "SceneAnalysis", "PriceParsing", "Conversion", "OCR", "TextDetection", "TextRecognition",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // systemd's notification protocol (sd_notify): readiness, status, watchdog, stopping.
        .target(name: "SystemdNotify", dependencies: ["SystemCalls", .product(name: "SystemPackage", package: "swift-system")]),
        .executableTarget(
            name: "lensd",
            dependencies: [
                "Pipeline", "SocketServing", "Benchmarking", "SystemdNotify", "Capture", "OCR", "PriceParsing", "Tracking", "Conversion",
                "Inference", "TextDetection", "TextRecognition", "Evaluation", "Viewer", "LensProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(name: "CaptureTests", dependencies: ["Capture", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "InferenceTests", dependencies: ["Inference"]),
        .testTarget(name: "TextDetectionTests", dependencies: ["TextDetection", "Inference", "Capture"]),
        .testTarget(name: "TextRecognitionTests", dependencies: ["TextRecognition", "Inference", "Capture"]),
        .testTarget(name: "OCRTests", dependencies: ["OCR", "CLeptonica", "Capture", "Inference", "TextDetection", "TextRecognition"], exclude: ["Fixtures"]),
        // What more than one test target uses: a seeded random generator, a moving test scene, a frame with a line of glyphs.
        .target(name: "TestSupport", dependencies: ["Capture", "SceneAnalysis"], path: "Tests/TestSupport"),
        .testTarget(name: "SceneAnalysisTests", dependencies: ["SceneAnalysis", "Capture", "CKernels", "TestSupport", "Pipeline"], exclude: ["Fixtures"]),
        .testTarget(name: "PriceParsingTests", dependencies: ["PriceParsing", "SceneAnalysis"], exclude: ["Fixtures"]),
        .testTarget(name: "TrackingTests", dependencies: ["Tracking", "PriceParsing", "SceneAnalysis", "TestSupport"]),
        .testTarget(
            name: "ConversionTests",
            dependencies: [
                "Conversion",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "EvaluationTests", dependencies: ["Evaluation"]),
        .testTarget(name: "ViewerTests", dependencies: ["Viewer", "CLeptonica"]),
        .testTarget(name: "LensProtocolTests", dependencies: ["LensProtocol"]),
        .testTarget(name: "BenchmarkingTests", dependencies: ["Benchmarking", "LensProtocol"]),
        .testTarget(
            name: "PipelineTests",
            dependencies: ["Pipeline", "Capture", "OCR", "SceneAnalysis", "PriceParsing", "Tracking", "Conversion", "TextDetection", "LensProtocol", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "SocketServingTests", dependencies: ["SocketServing"]),
        .testTarget(
            name: "lensdTests",
            dependencies: [
                "lensd", "Pipeline", "SystemdNotify", "Capture", "OCR", "Evaluation", "LensProtocol", "TestSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)

