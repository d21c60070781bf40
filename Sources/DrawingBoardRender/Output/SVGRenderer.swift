import DrawingBoardCore

/// Renders SVG files with librsvg.
enum SVGRenderer {
    /// Renders the SVG at `path` to fit `width` x `height` on `cr` (at the origin). Returns false
    /// when the file cannot be read or parsed, or librsvg is missing.
    static func render(path: String, on cr: OpaquePointer, width: Double, height: Double) -> Bool {
        guard let library = RsvgLibrary.shared, let handle = library.open(path: path) else { return false }
        defer { library.release(handle) }
        return library.render(handle, on: cr, width: width, height: height) == nil
    }
}
