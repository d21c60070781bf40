import DrawingBoardCore

/// What the menu, the keyboard and the buttons can ask for, each with its name and its key,
/// so the menu, the tooltips and the shortcuts window say the same thing.
public enum Command: Sendable, Hashable {
    case new, open, save, saveAs, export, exportAs, insertImage, pageSize, clearPage
    case shortcuts, about, quit
    /// The ruler, set square and compass over the page, or put away.
    case instruments
    /// Shapes, moved selections and instruments snap to the paper's lines or dots (a switch).
    case snapToPaper
    case zoomIn, zoomOut, fitPage, actualSize
    /// The zoom menu's levels: a percentage of the page's size (100: a page pixel a point).
    case zoomTo(Int)
    /// The notebook's pages: the sidebar, moving between pages, inserting pages and a PDF's
    /// pages; the page menu's rows act on the page whose menu it is.
    case pagesSidebar, fitWidth, previousPage, nextPage, firstPage, lastPage, goToPage
    case insertPage, insertPDF, pageBefore, pageAfter, duplicatePage, deletePage

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
        case .instruments: return "Ruler, Set Square, Compass"
        case .snapToPaper: return "Snap to Paper"
        case .quit: return "Quit"
        case .zoomIn: return "Zoom in"
        case .zoomOut: return "Zoom out"
        case .fitPage: return "Fit the page in the window"
        case .actualSize: return "Actual size (100%)"
        case .zoomTo(let percent): return "\(percent)%"
        case .pagesSidebar: return "Pages"
        case .fitWidth: return "Fit the page's width"
        case .previousPage: return "Previous page"
        case .nextPage: return "Next page"
        case .firstPage: return "First page"
        case .lastPage: return "Last page"
        case .goToPage: return "Go to page…"
        case .insertPage: return "New Page After…"
        case .insertPDF: return "Insert PDF Pages…"
        case .pageBefore: return "New Page Before"
        case .pageAfter: return "New Page After"
        case .duplicatePage: return "Duplicate Page"
        case .deletePage: return "Delete Page"
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
        case .instruments: return "Ctrl+R"
        case .snapToPaper: return "Ctrl+Shift+G"
        case .quit: return "Ctrl+Q"
        case .zoomIn: return "Ctrl++"
        case .zoomOut: return "Ctrl+-"
        case .fitPage: return "Ctrl+0"
        case .actualSize: return "Ctrl+1"
        case .zoomTo: return nil
        case .pagesSidebar: return "F9"
        case .fitWidth: return "Ctrl+2"
        case .previousPage: return "Page Up"
        case .nextPage: return "Page Down"
        case .firstPage: return "Home"
        case .lastPage: return "End"
        case .goToPage: return "Ctrl+G"
        case .insertPage, .insertPDF, .pageBefore, .pageAfter, .duplicatePage, .deletePage: return nil
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
        case .character("2"): return .fitWidth
        case .character("g"): return input.shift ? .snapToPaper : .goToPage
        case .character("r"): return .instruments
        default: return nil
        }
    }

    /// Does what the command asks, in the window of `app`.
    func perform(in app: AppController) {
        // A page menu's rows act on its page, which closing the menu forgets.
        let page = app.pages.menuTarget
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
            app.lasso.none()
        case .shortcuts: app.chrome.sheets.open(.shortcuts)
        case .about: app.chrome.sheets.open(.about)
        case .instruments: app.instruments.toggle()
        case .snapToPaper:
            app.editor.tools.snapsToPaper.toggle()
            let on = app.editor.tools.snapsToPaper
            app.chrome.show(info: !on ? "Snap to paper: off" : app.brush.paper == nil
                ? "Snap to paper: on (this page is plain: choose lined, squared or dotted paper in the Background panel)"
                : "Snap to paper: on. Shapes, moved selections and the ruler land on the paper's lines")
        case .quit: app.document.requestQuit()
        case .zoomIn: app.viewport.step(in: true)
        case .zoomOut: app.viewport.step(in: false)
        case .fitPage: app.viewport.fitPage()
        case .actualSize: app.viewport.showActualSize()
        case .zoomTo(let percent): app.viewport.zoom(to: Double(percent) / 100)
        case .pagesSidebar: app.pages.toggleSidebar()
        case .fitWidth: app.viewport.fitWidth()
        case .previousPage: app.pages.previous()
        case .nextPage: app.pages.next()
        case .firstPage: app.pages.first()
        case .lastPage: app.pages.last()
        case .goToPage: app.pages.beginNumberEntry()
        case .insertPage: app.chrome.sheets.open(.insertPage(after: page))
        case .insertPDF: app.document.chooseFileToOpen(insertingPDF: true)
        case .pageBefore: app.pages.add(before: page)
        case .pageAfter: app.pages.add(after: page)
        case .duplicatePage: app.pages.duplicate(page)
        case .deletePage: app.pages.delete(page)
        }
    }

    /// The main menu's items, in order (Open Recent's files come after Open).
    public static let menu: [Command] = [.new, .open, .save, .saveAs, .export, .exportAs, .insertImage, .insertPDF,
                                         .snapToPaper, .pageSize, .clearPage, .shortcuts, .about, .quit]

    /// The zoom level's menu (the bottom bar's "100%"): fit, and the levels from 10% to 3200%.
    /// The zoom a row of the zoom menu sets, for a level (nil for the fits, which depend on
    /// the window).
    var zoomLevel: Double? {
        switch self {
        case .actualSize: return 1
        case .zoomTo(let percent): return Double(percent) / 100
        default: return nil
        }
    }

    public static let zoomMenu: [Command] = [.fitPage, .fitWidth, .zoomTo(10), .zoomTo(25), .zoomTo(50), .actualSize, .zoomTo(200),
                                             .zoomTo(400), .zoomTo(800), .zoomTo(1600), .zoomTo(3200)]

    /// A page's menu (its button in the sidebar), acting on that page.
    public static let pageMenu: [Command] = [.pageBefore, .pageAfter, .insertPage, .duplicatePage, .deletePage]
}
