import CCairo
import DrawingBoardCore

/// How an OpenRaster layer or group goes over what is under it: its `composite-op`, as Cairo's
/// operator of the same definition (the SVG compositing and blending modes).
public enum CompositeOp: String, Sendable, CaseIterable {
    case srcOver = "svg:src-over", multiply = "svg:multiply", screen = "svg:screen", overlay = "svg:overlay"
    case darken = "svg:darken", lighten = "svg:lighten", colorDodge = "svg:color-dodge", colorBurn = "svg:color-burn"
    case hardLight = "svg:hard-light", softLight = "svg:soft-light", difference = "svg:difference"
    case exclusion = "svg:exclusion", hue = "svg:hue", saturation = "svg:saturation", color = "svg:color"
    case luminosity = "svg:luminosity", plus = "svg:plus", dstIn = "svg:dst-in", dstOut = "svg:dst-out"
    case srcAtop = "svg:src-atop", dstAtop = "svg:dst-atop"

    /// The operation named `name`; one this app does not know (an app's own, such as MyPaint's
    /// `mypaint:spectral-wgm`) is drawn as src-over, as the OpenRaster specification asks.
    public init(named name: String) {
        self = CompositeOp(rawValue: name) ?? .srcOver
    }

    var cairo: cairo_operator_t {
        switch self {
        case .srcOver: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .plus: CAIRO_OPERATOR_ADD
        case .dstIn: CAIRO_OPERATOR_DEST_IN
        case .dstOut: CAIRO_OPERATOR_DEST_OUT
        case .srcAtop: CAIRO_OPERATOR_ATOP
        case .dstAtop: CAIRO_OPERATOR_DEST_ATOP
        }
    }
}

/// Composites another app's stack of layers and groups into one picture, bottom first, as
/// OpenRaster says: a layer goes over what is under it with its operation and opacity; an
/// isolated group's layers are composited among themselves first, on nothing, and the group's
/// picture then goes over what is under it, faded by the group's opacity. Layers are added one
/// at a time, so a caller can decode each, add it and let it go.
public final class LayerStackComposer {
    private let out: CairoSurface
    private let cr: CairoContext
    /// For each group begun: whether it is isolated (has a picture of its own).
    private var groups: [Bool] = []

    public init(size: PixelSize) throws(RenderError) {
        out = try CairoSurface(format: .argb32, size: size)
        cr = try CairoContext(out)
    }

    /// Starts a group. Isolated, its layers go on a picture of their own until `endGroup`;
    /// otherwise (pass-through) they go straight onto what is under the group.
    public func beginGroup(isolated: Bool) {
        groups.append(isolated)
        if isolated { cairo_push_group_with_content(cr.handle, CAIRO_CONTENT_COLOR_ALPHA) }
    }

    /// Ends the group begun last: its picture goes over what is under it.
    public func endGroup(opacity: Double, op: CompositeOp) {
        guard let isolated = groups.popLast(), isolated else { return }
        cairo_pop_group_to_source(cr.handle)
        paintSource(opacity: opacity, op: op)
    }

    /// Puts `image` with its top-left corner at (`x`, `y`).
    public func add(_ image: RasterImage, x: Int, y: Int, opacity: Double, op: CompositeOp) throws(RenderError) {
        let surface = try CairoSurface(image: image)
        cairo_set_source_surface(cr.handle, surface.handle, Double(x), Double(y))
        paintSource(opacity: opacity, op: op)
    }

    /// Puts `tile` repeated over the whole picture from (`x`, `y`) (MyPaint's background tile).
    public func addTiled(_ tile: RasterImage, x: Int, y: Int, opacity: Double, op: CompositeOp) throws(RenderError) {
        let surface = try CairoSurface(image: tile)
        cairo_set_source_surface(cr.handle, surface.handle, Double(x), Double(y))
        cairo_pattern_set_extend(cairo_get_source(cr.handle), CAIRO_EXTEND_REPEAT)
        paintSource(opacity: opacity, op: op)
    }

    private func paintSource(opacity: Double, op: CompositeOp) {
        cairo_set_operator(cr.handle, op.cairo)
        cairo_paint_with_alpha(cr.handle, min(max(opacity, 0), 1))
        cairo_set_operator(cr.handle, CAIRO_OPERATOR_OVER)
    }

    /// The picture (groups still open are left out), or why Cairo could not make it (a group's
    /// picture it had no memory for).
    public func image() throws(RenderError) -> RasterImage {
        let status = cairo_status(cr.handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("the layers cannot be composited (\(String(cString: cairo_status_to_string(status))))")
        }
        return out.rasterImage()
    }
}
