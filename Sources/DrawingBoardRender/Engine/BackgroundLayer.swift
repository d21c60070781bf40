import DrawingBoardCore

/// The opaque layer under the drawing, rendered from a `Background` at the canvas size.
final class BackgroundLayer {
    private(set) var surface: CairoSurface
    private(set) var background: Background

    init(size: PixelSize, background: Background) throws(RenderError) {
        surface = try CairoSurface(format: .argb32, size: size)
        self.background = .default
        try show(background)
    }

    /// Renders `background`: a colour fills the layer; an image is scaled to cover it, over
    /// white where the image is transparent.
    func show(_ background: Background) throws(RenderError) {
        let cr = try CairoContext(surface)
        switch background {
        case .color(let color):
            cr.setSource(color)
            cr.paintAll()
        case .image(let image, _):
            let source = try CairoSurface(image: image)
            cr.setSource(.white)
            cr.paintAll()
            cr.paintCovering(source, target: surface.size)
        }
        self.background = background
    }

    /// Re-renders the background for a canvas of a new size.
    func resize(to size: PixelSize) throws(RenderError) {
        guard size != surface.size else { return }
        surface = try CairoSurface(format: .argb32, size: size)
        try show(background)
    }
}
