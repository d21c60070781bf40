import DrawingBoardCore

/// What the menu, the keyboard and the buttons can ask for, each with its name and its key,
/// so the menu, the tooltips and the shortcuts window say the same thing.
public enum Command: Sendable, Hashable, CaseIterable {
    case new, open, save, saveAs, export, exportAs, insertImage, pageSize, clearPage
    case shortcuts, about, quit
    case zoomIn, zoomOut, fitPage, actualSize

    public var title: String {
        switch self {
        case .new: return "New…"
        case .open: return "Open…"
        case .save: return "Save"
        case .saveAs: return "Save As…"
        case .export: return "Export"
        case .exportAs: return "Export As…"
        case .pageSize: return "Page Size…"
        case .insertImage: return "Insert Image…"
        case .clearPage: return "Clear Page"
        case .shortcuts: return "Keyboard Shortcuts"
        case .about: return "About DrawingBoard"
        case .quit: return "Quit"
        case .zoomIn: return "Zoom in"
        case .zoomOut: return "Zoom out"
        case .fitPage: return "Fit the page in the window"
        case .actualSize: return "Actual size (100%)"
        }
    }

    /// The key, as the menu and the shortcuts window show it.
    public var shortcut: String? {
        switch self {
        case .new: return "Ctrl+N"
        case .open: return "Ctrl+O"
        case .save: return "Ctrl+S"
        case .saveAs: return "Ctrl+Shift+S"
        case .export: return "Ctrl+E"
        case .exportAs: return "Ctrl+Shift+E"
        case .pageSize: return nil
        case .insertImage: return "Ctrl+I"
        case .clearPage: return nil
        case .shortcuts: return "F1, Ctrl+?"
        case .about: return nil
        case .quit: return "Ctrl+Q"
        case .zoomIn: return "Ctrl++"
        case .zoomOut: return "Ctrl+-"
        case .fitPage: return "Ctrl+0"
        case .actualSize: return "Ctrl+1"
        }
    }

    /// The command a key with Ctrl held asks for.
    static func forCtrlKey(_ input: KeyInput) -> Command? {
        switch input.key {
        case .character("n"): return .new
        case .character("o"): return .open
        case .character("s"): return input.shift ? .saveAs : .save
        case .character("e"): return input.shift ? .exportAs : .export
        case .character("q"): return .quit
        case .character("i"): return .insertImage
        case .character("/") where input.shift, .character("?"): return .shortcuts
        case .character("="), .character("+"): return .zoomIn
        case .character("-"): return .zoomOut
        case .character("0"): return .fitPage
        case .character("1"): return .actualSize
        default: return nil
        }
    }

    /// Does what the command asks, in the window of `app`.
    func perform(in app: AppController) {
        app.chrome.menu.close()
        app.invalidateChrome()
        switch self {
        case .new: app.chrome.sheets.open(.newPage)
        case .open: app.document.chooseFileToOpen()
        case .save: app.document.save(choosingName: false)
        case .saveAs: app.document.save(choosingName: true)
        case .export: app.document.export(choosingName: false)
        case .exportAs: app.document.export(choosingName: true)
        case .pageSize: app.chrome.sheets.open(.pageSize)
        case .insertImage: app.selection.chooseImageToInsert()
        case .clearPage:
            app.attempt { try app.editor.clear() }
            app.selection.select(nil)
        case .shortcuts: app.chrome.sheets.open(.shortcuts)
        case .about: app.chrome.sheets.open(.about)
        case .quit: app.document.requestQuit()
        case .zoomIn: app.viewport.zoom(by: 1.25)
        case .zoomOut: app.viewport.zoom(by: 0.8)
        case .fitPage: app.viewport.fitPage()
        case .actualSize: app.viewport.showActualSize()
        }
    }

    /// The main menu's items, in order (Open Recent's files come after Open).
    public static let menu: [Command] = [.new, .open, .save, .saveAs, .export, .exportAs, .insertImage, .pageSize, .clearPage,
                                         .shortcuts, .about, .quit]
}
