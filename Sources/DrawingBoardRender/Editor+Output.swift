import DrawingBoardCore

/// What the editor shows and writes: the composed canvas for the window, the flattened
/// picture, the eyedropper's colour, the PNG.
extension Editor {
    // MARK: - Output

    /// Paints the canvas as the user sees it (background, drawing, strokes in progress) into
    /// `area` of `frame` (window pixels), shown through `view`; outside the canvas, a neutral grey.
    public func compose(into frame: Frame, area: PixelRect, view: ViewTransform = .identity) {
        guard let cr = frame.context else { return }
        cr.isolated { compose(on: cr, area: area, view: view) }
    }

    private func compose(on cr: CairoContext, area: PixelRect, view: ViewTransform) {
        cr.clip(to: area)
        let canvasArea = view.isIdentity ? area : view.canvasRect(area)
        guard let visible = canvasArea.intersection(PixelRect(size: size)) else {
            paintDesk(on: cr, view: view)
            return
        }
        if !view.isIdentity || area.maxX > size.width || area.maxY > size.height {
            paintDesk(on: cr, view: view)
        }
        cr.transform(scale: view.scale, offset: view.offset)
        cr.clip(to: PixelRect(size: size))
        cr.paint(backgroundLayer.surface, smooth: view.scale < 1)
        let touching = live.values.filter { $0.drawn?.intersection(visible) != nil }
        for stroke in touching { stroke.catchUpMask() }
        paintHighlights(on: cr, visible: visible, view: view, erasers: touching.filter { $0.tool.blend == .clear })
        guard !touching.isEmpty else {
            cr.paint(ink.surface, smooth: view.scale < 1)
            return
        }
        // A highlighter in progress multiplies into everything under it, as it will once drawn.
        defer {
            for stroke in touching where stroke.tool.blend == .multiply {
                cr.isolated {
                    cr.setBlend(.multiply)
                    cr.setSource(stroke.style.color, alpha: stroke.style.opacity)
                    cr.paint(through: stroke.mask, smooth: view.scale < 1)
                }
            }
        }
        // OVER is associative: painting strokes go straight onto the frame after the drawing.
        // Only an eraser needs the drawing copied first, to clear it where the eraser is.
        if touching.allSatisfy({ $0.tool.blend != .clear }) {
            cr.paint(ink.surface, smooth: view.scale < 1)
            for stroke in touching where stroke.tool.blend == .over {
                cr.setSource(stroke.style.color, alpha: stroke.style.opacity)
                cr.paint(through: stroke.mask, smooth: view.scale < 1)
            }
            return
        }
        if scratch == nil {
            scratch = try? CairoSurface(format: .argb32, size: ink.surface.size)
            scratchContext = scratch.flatMap { try? CairoContext($0) }
        }
        guard let scratch, let sc = scratchContext else {
            cr.paint(ink.surface, smooth: view.scale < 1)
            return
        }
        sc.isolated {
            sc.clip(to: visible)
            sc.copy(ink.surface)
            for stroke in touching where stroke.tool.blend != .multiply {
                sc.setBlend(stroke.tool.blend)
                sc.setSource(stroke.style.color, alpha: stroke.style.opacity)
                sc.paint(through: stroke.mask)
            }
        }
        cr.paint(scratch, smooth: view.scale < 1)
    }

    /// Lays the highlights over the background just painted (with an eraser in progress
    /// clearing them where it passes, as it will once drawn).
    private func paintHighlights(on cr: CairoContext, visible: PixelRect, view: ViewTransform, erasers: [LiveStroke]) {
        guard let highlights else { return }
        var layer = highlights.surface
        if !erasers.isEmpty {
            if highlightsScratch == nil { highlightsScratch = try? CairoSurface(format: .argb32, size: highlights.surface.size) }
            if let scratch = highlightsScratch, let sc = try? CairoContext(scratch) {
                sc.clip(to: visible)
                sc.copy(highlights.surface)
                sc.setBlend(.clear)
                for eraser in erasers { sc.paint(through: eraser.mask) }
                layer = scratch
            }
        }
        cr.isolated {
            cr.setBlend(.multiply)
            cr.paint(layer, smooth: view.scale < 1)
        }
    }

    /// What the window shows beyond the page's edges: a neutral desk.
    static let outside = RGBColor(red: 0x8a, green: 0x8d, blue: 0x91)

    /// The desk around the page, with a soft shadow along the page's edges so the user sees
    /// where the page ends.
    private func paintDesk(on cr: CairoContext, view: ViewTransform) {
        cr.setSource(Self.outside)
        cr.paintAll()
        let x = view.offset.x, y = view.offset.y
        let w = Double(size.width) * view.scale, h = Double(size.height) * view.scale
        for spread in stride(from: 6.0, through: 1, by: -1) {
            cr.setSource(.black, alpha: 0.05)
            cr.fill(x - spread, y - spread + 2, w + 2 * spread, h + 2 * spread)
        }
    }

    /// The picture as the user sees it: the drawing over the background.
    public func flattened() throws(RenderError) -> RasterImage {
        try flattenedSurface().rasterImage()
    }

    /// The colour the picture shows at canvas point `p` (the drawing over the background), as
    /// the eyedropper picks it; nil outside the canvas.
    public func color(at p: Point) -> RGBColor? {
        let x = Int(p.x.rounded(.down)), y = Int(p.y.rounded(.down))
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return nil }
        let one = PixelRect(x: x, y: y, width: 1, height: 1)
        var under = backgroundLayer.surface.read(one)[0]
        let over = ink.surface.read(one)[0]
        if let highlights {
            // The background as the highlights multiply it: each channel times (1 − a + colour).
            let h = highlights.surface.read(one)[0], a = h >> 24
            func tinted(_ shift: UInt32) -> UInt32 {
                let factor = 255 - a + ((h >> shift) & 0xFF)
                return ((under >> shift) & 0xFF) * factor / 255
            }
            under = 0xFF00_0000 | tinted(16) << 16 | tinted(8) << 8 | tinted(0)
        }
        // Premultiplied OVER, channel by channel.
        let alpha = Double(over >> 24) / 255
        func channel(_ shift: UInt32) -> UInt8 {
            let top = Double((over >> shift) & 0xFF), bottom = Double((under >> shift) & 0xFF)
            return UInt8(min(max((top + bottom * (1 - alpha)).rounded(), 0), 255))
        }
        return RGBColor(red: channel(16), green: channel(8), blue: channel(0))
    }

    func flattenedSurface() throws(RenderError) -> CairoSurface {
        let out = try CairoSurface(format: .argb32, size: size)
        let cr = try CairoContext(out)
        cr.paint(backgroundLayer.surface)
        if let highlights {
            cr.setBlend(.multiply)
            cr.paint(highlights.surface)
            cr.setBlend(.over)
        }
        cr.paint(ink.surface)
        return out
    }

    /// The picture encoded as PNG.
    public func pngData() throws(RenderError) -> [UInt8] {
        [UInt8](try PNGFile.encode(try flattenedSurface()))
    }

    /// The drawing layer alone (transparent where nothing is drawn or where it was erased).
    public func drawingLayer() -> RasterImage {
        let all = ink.surface.read(PixelRect(size: size))
        return RasterImage(width: size.width, height: size.height, pixels: all)!
    }
}
