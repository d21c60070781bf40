import CRsvg
import DrawingBoardCore

/// Renders SVG files with librsvg.
enum SVGRenderer {
    /// Renders the SVG at `path` to fit `width` x `height` on `cr` (at the origin). Returns false
    /// when the file cannot be read or parsed.
    static func render(path: String, on cr: OpaquePointer, width: Double, height: Double) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_file(path, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
        let ok = rsvg_handle_render_document(handle, cr, &viewport, &error)
        if let error { g_error_free(error) }
        return ok != 0
    }
}
