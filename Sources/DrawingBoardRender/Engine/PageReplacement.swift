import DrawingBoardCore
import Foundation

/// A page that takes the place of the page drawn on whole (a new size, or undo and redo across
/// one), made off the event loop: the window's editors on a heavy page. Its canvas is made from
/// a snapshot taken at once (the page and its drawing as values, with decoded images of its
/// own); frames show the page as it was until it comes, and the change is made then. Anything
/// that edits, or reads the document, takes it in first, waiting for it if need be
/// (`PageReplacements.finish`), so nothing is ever done to the page it replaces.
final class PageReplacement: @unchecked Sendable {
    /// What the new page is for: the change made when it comes.
    let change: WholePageChange
    /// The revision of the page it was made from: one made from another is not used.
    let revision: Int
    /// How far the page's drawing moves on the new page (the anchor's offset, or its way back).
    let shift: (dx: Int, dy: Int)
    private let painting: PaintedLater<(Page, PageCanvas)>
    /// One page made at a time, beside the event loop.
    private static let queue = DispatchQueue(label: "drawingboard.page-replacement", qos: .userInitiated)

    /// For tests: when set, each replacement waits for a signal before it is made.
    nonisolated(unsafe) static var gate: DispatchSemaphore?

    /// A page made from `contents` (a new size: the page and its drawing moved).
    init(_ change: WholePageChange, contents: DocumentContents, revision: Int, shift: (dx: Int, dy: Int)) {
        self.change = change
        self.revision = revision
        self.shift = shift
        painting = PaintedLater(on: Self.queue, gate: Self.gate) { () throws(RenderError) in
            try CanvasLoading.load(contents, assets: AssetStore())
        }
    }

    /// `page` painted from its model (undo and redo across a new size).
    init(_ change: WholePageChange, page: Page, revision: Int, shift: (dx: Int, dy: Int)) {
        self.change = change
        self.revision = revision
        self.shift = shift
        painting = PaintedLater(on: Self.queue, gate: Self.gate) { () throws(RenderError) in
            (page, try CanvasLoading.paint(page, assets: AssetStore()))
        }
    }

    var isDone: Bool { painting.isDone }

    /// The page and its canvas (waiting for them).
    func made() -> Result<(Page, PageCanvas), RenderError> { painting.result() }
}

/// A change that replaces the page drawn on whole: a new size, or undo or redo across one.
public enum WholePageChange: Equatable, Sendable {
    case resize(PixelSize, anchor: Int)
    case undo
    case redo

    /// In words, for the window: what is being done meanwhile.
    public var doing: String {
        switch self {
        case .resize(let size, _): "Resizing the page to \(size.width)x\(size.height)…"
        case .undo: "Undoing the page size…"
        case .redo: "Redoing the page size…"
        }
    }
}

/// A change a page made off the event loop made, for the window to follow.
public struct MadePageChange: Sendable {
    public let change: WholePageChange
    /// The page's size before it.
    public let sizeBefore: PixelSize
    /// How far the page's drawing moved on the new page.
    public let shift: (dx: Int, dy: Int)
}
