import DrawingBoardCore
import DrawingBoardRender

/// Used where no encoder was given (tests of other things): JPEG and WebP exports fail with a
/// message.
public struct NoImageEncoder: ImageEncoding {
    public init() {}
    public func encode(_ image: RasterImage, as format: ExportFormat) throws -> [UInt8] {
        throw RenderError("\(format.title) export is not available here")
    }
}
