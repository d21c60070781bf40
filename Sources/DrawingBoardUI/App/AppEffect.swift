import Foundation
import DrawingBoardCore
/// A file the controller needs the user to pick (the platform shows a chooser).
public struct FileRequest: Sendable, Hashable {
    public enum Purpose: Sendable, Hashable {
        /// The document (.ora).
        case saveDrawing
        /// A copy in an export format.
        case export
        case backgroundImage
        /// An image to place on the page as an element.
        case insertImage
        /// A document (.ora), a PDF or an image (for the background).
        case openFile
        /// A PDF whose pages go into the notebook after the page drawn on.
        case insertPDF
    }

    public var purpose: Purpose
    public var title: String
    /// For saving: the name the chooser proposes.
    public var suggestedName: String?
    /// Where the chooser starts: the open document's folder; nil for the platform's default
    /// (the Pictures folder).
    public var folder: String?

    public init(purpose: Purpose, title: String, suggestedName: String? = nil, folder: String? = nil) {
        self.purpose = purpose
        self.title = title
        self.suggestedName = suggestedName
        self.folder = folder
    }
}

/// What the controller asks of the platform: things only the window system can do.
public enum AppEffect: Sendable, Hashable {
    case chooseFile(FileRequest)
    case setTitle(String)
    case setFullscreen(Bool)
    /// The mouse pointer's shape over the window.
    case setPointerShape(PointerShape)
    /// Read an image from the clipboard and give it to `pasted(imageData:)`.
    case pasteImage
    /// Offer other apps what was copied: a PNG and an SVG of it.
    case offerClipboard(png: Data, svg: Data)
    /// Put this text on the system clipboard.
    case copyText(String)
    /// Open this address with the desktop's browser (through the portal in the flatpak).
    case openURI(String)
    /// Read text from the clipboard and type it into the text box (`text.pasted`).
    case pasteText
    /// Text is being typed into a text box at this window rectangle (the input method's
    /// window goes by it), or no longer (nil).
    case textInput(Rect?)
    case quit
}

/// Shapes the mouse pointer takes over the window.
public enum PointerShape: Sendable, Hashable {
    case arrow
    /// The eyedropper is on: the next press picks a colour.
    case crosshair
    /// Over the page: the app draws the brush's outline instead.
    case hidden
    /// Over a link that a click follows.
    case hand
}
