// swift-tools-version:6.0
import PackageDescription

// Targets are layered by what they know, and depend one way only:
//   DrawingBoardCore      pure Swift: geometry, colours, tools, strokes, history, scripts, input
//   DrawingBoardRender    every cairo_* call: layers, tiles, the editor, PNG output
//   DrawingBoardPlatform  every SDL_* / IMG_* call: image decoding (the window comes later)
//   drawingboard          the composition root and command line
let package = Package(
    name: "DrawingBoard",
    products: [
        .executable(name: "drawingboard", targets: ["drawingboard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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

        .target(name: "DrawingBoardCore"),
        .target(name: "DrawingBoardRender", dependencies: ["DrawingBoardCore", "CCairo"]),
        .target(name: "DrawingBoardPlatform", dependencies: ["DrawingBoardCore", "CSDL2", "CSDL2Image"]),
        .executableTarget(
            name: "drawingboard",
            dependencies: [
                "DrawingBoardCore", "DrawingBoardRender", "DrawingBoardPlatform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .testTarget(name: "DrawingBoardCoreTests", dependencies: ["DrawingBoardCore"]),
        .testTarget(
            name: "DrawingBoardRenderTests",
            dependencies: ["DrawingBoardCore", "DrawingBoardRender", "DrawingBoardPlatform"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["drawingboard", "DrawingBoardRender"],
            resources: [.copy("Fixtures")]),
    ]
)
