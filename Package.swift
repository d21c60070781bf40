// swift-tools-version:6.0
import PackageDescription

// Targets are layered by what they know, and depend one way only:
//   DrawingBoardCore      pure Swift: geometry, colours, tools, strokes, history, scripts, input
//   DrawingBoardRender    every cairo_* / pango_* / rsvg_* / poppler_* call: layers, tiles, the editor,
//                         the frame compositor, the painter widgets draw with, PNG output
//   DrawingBoardFiles     documents: OpenRaster (.ora) reading and writing, with limits
//   DrawingBoardUI        widgets, layout, hit-testing and the app state machine (no C)
//   DrawingBoardPlatform  every SDL_* / IMG_* call: window, presentation, events, image
//                         decoding and the JPEG and WebP encoders (SDL2_image, libwebp);
//                         pens through XInput2 on X11 and, with WaylandTablet (C), the
//                         tablet protocol on Wayland
//   DrawingBoardApp       the event loop that joins the platform and the controller
//   drawingboard          the command line
let package = Package(
    name: "DrawingBoard",
    products: [
        .executable(name: "drawingboard", targets: ["drawingboard"]),
        .executable(name: "drawingboard-bench", targets: ["drawingboard-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(
            name: "CSDL2Image", pkgConfig: "SDL2_image",
            providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),
        // librsvg's types only: the library is opened when the first SVG is drawn (RsvgLibrary).
        .systemLibrary(name: "CRsvg"),
        .systemLibrary(
            name: "CDeflate", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CGio", pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CSystem"),
        // libxml2's SAX parser: Xournal++ notebooks, read as they inflate.
        .systemLibrary(
            name: "CXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CXTest", pkgConfig: "xtst",
            providers: [.apt(["libxtst-dev"])]),

        // Pens on Wayland: the tablet protocol on SDL's display (SDL 2 reads no pressure).
        .target(name: "WaylandTablet", linkerSettings: [.linkedLibrary("wayland-client")]),
        // Pictures on the Wayland clipboard: a data source on SDL's display (SDL 2 offers text only).
        .target(name: "WaylandClipboard", linkerSettings: [.linkedLibrary("wayland-client")]),

        .target(name: "DrawingBoardCore"),
        // A notebook's PDF out keeping its PDF pages as they are (C++ over libqpdf).
        .target(name: "PDFAssembly", linkerSettings: [.linkedLibrary("qpdf")]),
        .target(name: "DrawingBoardRender", dependencies: ["DrawingBoardCore", "CCairo", "CPangoCairo", "CRsvg", "CDeflate", "PDFAssembly"]),
        .target(
            name: "DrawingBoardFiles",
            dependencies: ["DrawingBoardCore", "DrawingBoardRender", "CDeflate", "CSystem", "CXML2", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .target(name: "DrawingBoardUI", dependencies: ["DrawingBoardCore", "DrawingBoardRender", "DrawingBoardFiles", "CSystem"]),
        .target(name: "DrawingBoardPlatform", dependencies: ["DrawingBoardCore", "CSDL2", "CSDL2Image", "CGio", "CWebP", "WaylandTablet", "WaylandClipboard"]),
        .target(
            name: "DrawingBoardApp",
            dependencies: ["DrawingBoardCore", "DrawingBoardRender", "DrawingBoardUI", "DrawingBoardPlatform", "DrawingBoardFiles", "CSystem"]),
        .executableTarget(
            name: "drawingboard",
            dependencies: [
                "DrawingBoardCore", "DrawingBoardRender", "DrawingBoardUI", "DrawingBoardPlatform", "DrawingBoardApp",
                "DrawingBoardFiles", "CSystem", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The benchmark: figures against baselines run in the same process.
        .target(name: "CairoBaseline", dependencies: ["CCairo"]),
        .executableTarget(
            name: "drawingboard-bench",
            dependencies: ["DrawingBoardCore", "DrawingBoardRender", "DrawingBoardFiles", "DrawingBoardUI", "CairoBaseline", "TestPDFs"]),
        // Motion-to-pixels latency of a real window under Xvfb (scripts/latency): input injected
        // with XTEST at a fixed rate, the screen read back until the ink appears. Not shipped.
        .executableTarget(name: "drawingboard-latency", dependencies: ["CXTest", "CCairo", "CSDL2"]),
        // Runs the app's real event loop and pushes touch events into it with SDL_PushEvent, for
        // the end-to-end touch tests (neither Xvfb nor weston has a touchscreen). Not shipped.
        .executableTarget(
            name: "drawingboard-touch-harness",
            dependencies: ["DrawingBoardApp", "DrawingBoardUI", "CSDL2"],
            path: "Tests/TouchHarness"),

        .testTarget(name: "DrawingBoardCoreTests", dependencies: ["DrawingBoardCore"]),
        .testTarget(
            name: "DrawingBoardRenderTests",
            dependencies: ["DrawingBoardCore", "DrawingBoardRender", "DrawingBoardPlatform", "TestPDFs", "CDeflate"]),
        .testTarget(
            name: "DrawingBoardFilesTests",
            dependencies: [
                "DrawingBoardCore", "DrawingBoardRender", "DrawingBoardFiles", "TestPDFs", "XvfbSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        // A compositor with a tablet, for the tests of WaylandTablet (none in CI has one). Not shipped.
        .target(
            name: "WaylandTabletServer", dependencies: ["WaylandTablet"], path: "Tests/WaylandTabletServer",
            linkerSettings: [.linkedLibrary("wayland-server"), .linkedLibrary("wayland-client"), .linkedLibrary("pthread")]),
        // PDFs the tests make themselves (Cairo), lecture pages and hostile files. Not shipped.
        .target(name: "TestPDFs", dependencies: ["CCairo"], path: "Tests/TestPDFs"),
        // An X server of the tests' own (Xvfb), for the tests that open windows. Not shipped.
        .target(name: "XvfbSupport", path: "Tests/XvfbSupport"),
        .testTarget(
            name: "DrawingBoardPlatformTests",
            dependencies: ["DrawingBoardCore", "DrawingBoardPlatform", "CSDL2", "WaylandTablet", "WaylandTabletServer", "XvfbSupport"]),
        .testTarget(name: "DrawingBoardUITests", dependencies: ["DrawingBoardCore", "DrawingBoardRender", "DrawingBoardFiles", "DrawingBoardUI", "TestPDFs"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["drawingboard", "drawingboard-touch-harness", "DrawingBoardRender", "DrawingBoardUI", "XvfbSupport", "TestPDFs"],
            exclude: ["Support"],
            resources: [.copy("Fixtures")]),
    ],
    cxxLanguageStandard: .cxx17
)
