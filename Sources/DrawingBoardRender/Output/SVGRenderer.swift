import DrawingBoardCore
import Foundation

/// Renders SVG documents with librsvg.
enum SVGRenderer {
    /// Renders the SVG `data` to fit `width` x `height` on `cr` (at the origin). Returns false
    /// when it cannot be parsed or drawn, or librsvg is missing.
    static func render(_ data: Data, on cr: OpaquePointer, width: Double, height: Double) -> Bool {
        guard let library = RsvgLibrary.shared, case .success(let handle) = library.open(data) else { return false }
        defer { library.release(handle) }
        return library.render(handle, on: cr, width: width, height: height) == nil
    }
}
