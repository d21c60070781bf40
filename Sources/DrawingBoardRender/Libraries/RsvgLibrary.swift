import CRsvg
import Foundation

/// librsvg, opened when the first SVG is drawn rather than linked: most sessions draw none once
/// the icons are cached (`IconSet`), and a linked librsvg was resident in every one of them.
/// Each function is looked up by name; a missing library or function gives a clear message.
final class RsvgLibrary: @unchecked Sendable {
    typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<DrawingBoardGError>?>
    typealias Rectangle = DrawingBoardRsvgRectangle

    /// The library, or nil when it is not installed (loaded once, from any thread).
    static let shared: RsvgLibrary? = RsvgLibrary()

    /// Why SVG cannot be drawn here, for messages.
    static let missing = "SVG images need librsvg (the librsvg2-2 package), which is not installed"

    private let newFromData: @convention(c) (UnsafePointer<UInt8>?, Int, ErrorOut?) -> OpaquePointer?
    private let renderDocument: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<Rectangle>?, ErrorOut?) -> Int32
    /// librsvg 2.52 and later.
    private let sizeInPixels: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Int32)?
    private let dimensions: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutableRawPointer?,
                                            UnsafeMutablePointer<Int32>?, UnsafeMutableRawPointer?,
                                            UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Rectangle>?) -> Void
    private let objectUnref: @convention(c) (OpaquePointer?) -> Void
    private let errorFree: @convention(c) (UnsafeMutablePointer<DrawingBoardGError>?) -> Void

    private init?() {
        guard let library = SharedLibrary("librsvg-2.so.2") else { return nil }
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { library.function(name, as: type) }
        guard let newFromData = symbol("rsvg_handle_new_from_data", (@convention(c) (UnsafePointer<UInt8>?, Int, ErrorOut?) -> OpaquePointer?).self),
              let renderDocument = symbol("rsvg_handle_render_document",
                                          (@convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<Rectangle>?, ErrorOut?) -> Int32).self),
              let dimensions = symbol("rsvg_handle_get_intrinsic_dimensions",
                                      (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutableRawPointer?,
                                                       UnsafeMutablePointer<Int32>?, UnsafeMutableRawPointer?,
                                                       UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Rectangle>?) -> Void).self),
              let objectUnref = symbol("g_object_unref", (@convention(c) (OpaquePointer?) -> Void).self),
              let errorFree = symbol("g_error_free", (@convention(c) (UnsafeMutablePointer<DrawingBoardGError>?) -> Void).self) else {
            library.close()
            return nil
        }
        self.newFromData = newFromData
        self.renderDocument = renderDocument
        self.dimensions = dimensions
        self.objectUnref = objectUnref
        self.errorFree = errorFree
        sizeInPixels = symbol("rsvg_handle_get_intrinsic_size_in_pixels",
                              (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Int32).self)
    }

    /// A document read from `data`, or librsvg's reason it cannot be read.
    func open(_ data: Data) -> Result<OpaquePointer, Message> {
        var error: UnsafeMutablePointer<DrawingBoardGError>?
        let handle = data.withUnsafeBytes { raw in
            newFromData(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, &error)
        }
        if let handle { return .success(handle) }
        return .failure(Message(text: take(error) ?? "unreadable"))
    }

    /// Draws `handle` filling `width` x `height` at `cr`'s origin; nil, or why it could not.
    @discardableResult
    func render(_ handle: OpaquePointer, on cr: OpaquePointer, width: Double, height: Double) -> Message? {
        var viewport = Rectangle(x: 0, y: 0, width: width, height: height)
        var error: UnsafeMutablePointer<DrawingBoardGError>?
        let ok = renderDocument(handle, cr, &viewport, &error)
        let text = take(error)
        return ok != 0 ? nil : Message(text: text ?? "it cannot be drawn")
    }

    /// The document's size in pixels at 96 dpi, when its width and height are absolute.
    func sizeInPixels(_ handle: OpaquePointer) -> (width: Double, height: Double)? {
        var w = 0.0, h = 0.0
        guard let sizeInPixels, sizeInPixels(handle, &w, &h) != 0 else { return nil }
        return (w, h)
    }

    /// The document's viewBox, when it has one.
    func viewBox(_ handle: OpaquePointer) -> Rectangle? {
        var has: Int32 = 0
        var box = Rectangle()
        dimensions(handle, nil, nil, nil, nil, &has, &box)
        return has != 0 ? box : nil
    }

    func release(_ handle: OpaquePointer) { objectUnref(handle) }

    /// The error's message, freeing it.
    private func take(_ error: UnsafeMutablePointer<DrawingBoardGError>?) -> String? {
        guard let error else { return nil }
        defer { errorFree(error) }
        return error.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    struct Message: Error {
        var text: String
    }
}
