import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The keyboard: what is open on top (a question, a sheet, the menu, the hex field, a text
/// being typed, a selected element) takes the keys first; then Ctrl shortcuts, which are
/// `Command`s shared with the menu; then the single keys: the tools' own keys (their number in
/// the bar, their letter), Space, I, S, [ and ], F1, F10, F11 and Esc.
enum KeyMap {
    /// Handles `input`; true when the key did something.
    static func handle(_ input: KeyInput, in app: AppController) -> Bool {
        // A key means the hand left the mouse: a tooltip goes until the pointer moves again.
        app.chrome.forgetHover()
        if app.document.pendingQuestion != nil {
            switch input.key {
            case .escape: app.document.questions.answer(.cancel)
            case .enter: app.document.questions.answer(app.document.pendingQuestion?.buttons.first ?? .cancel)
            default: return false
            }
            return true
        }
        if app.chrome.sheet != nil, app.chrome.sheets.key(input) { return true }
        if app.chrome.menu.isOpen, app.chrome.menu.key(input) { return true }
        if app.brush.colour.hexEntry != nil, app.brush.colour.key(input) { return true }
        if app.pages.numberEntry != nil, app.pages.key(input) { return true }
        if app.find.key(input) { return true }
        if app.text.key(input) { return true }
        if app.pdfText.key(input) { return true }
        if app.lasso.key(input) { return true }
        if app.selection.key(input) { return true }
        if input.ctrl {
            switch input.key {
            case .character("z") where input.shift, .character("y"): app.redo()
            case .character("z"): app.undo()
            default:
                guard let command = Command.forCtrlKey(input) else { return false }
                app.run(command)
            }
            return true
        }
        if let tool = tool(for: input.key) {
            app.brush.select(tool)
            return true
        }
        switch input.key {
        case .character(" "): app.input.spacePressed()
        case .character("i"): app.brush.colour.togglePicking()
        case .character("s"): app.brush.cycleSmoothing()
        case .character("["): app.brush.nudgeWidth(up: false)
        case .character("]"): app.brush.nudgeWidth(up: true)
        case .character("/") where input.shift, .character("?"), .f1: app.run(.shortcuts)
        case .escape:
            if app.input.drawingOnCanvas {
                // A stroke or a shape being dragged is let go, drawn nowhere.
                app.input.dropCanvasPointers()
                app.repaintAll()
            } else if app.brush.colour.picking {
                app.brush.colour.togglePicking()
            } else if app.chrome.messageText != nil {
                app.chrome.dismissMessage()
            } else if app.chrome.panel != nil {
                app.chrome.panel = nil
            } else if app.instruments.instrument != nil {
                app.instruments.putAway()
            } else {
                return false
            }
            app.invalidateChrome()
        case .pageDown: app.pages.next()
        case .pageUp: app.pages.previous()
        case .home: app.pages.first()
        case .end: app.pages.last()
        case .f9: app.pages.toggleSidebar()
        case .f10:
            app.chrome.menu.toggle()
        case .f11:
            app.request(.setFullscreen(!app.isFullscreen))
        default:
            return false
        }
        return true
    }

    /// The tool a key takes: its number in the bar (1 to 9) or its own letter.
    private static func tool(for key: KeyInput.Key) -> Tool? {
        guard case .character(let c) = key else { return nil }
        let bar = ToolBox.bar
        if let n = Int(String(c)), (1...min(9, bar.count)).contains(n) { return bar[n - 1].tool }
        return bar.first { $0.key == c }?.tool
    }
}
