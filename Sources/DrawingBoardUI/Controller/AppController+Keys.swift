import DrawingBoardCore
import Foundation

/// The keyboard: what is open on top (a question, the menu, a sheet) takes the keys first;
/// then Ctrl shortcuts, which are `Command`s shared with the menu; then the single keys.
extension AppController {
    /// Keyboard shortcuts. Returns true when the key did something.
    @discardableResult
    public func key(_ input: KeyInput, time: Double) -> Bool {
        now = max(now, time)
        // A key means the hand left the mouse: a tooltip goes until the pointer moves again.
        if hover != nil {
            hover = nil
            invalidateChrome()
        }
        if dialogOpen {
            switch input.key {
            case .escape: answerQuestion(.cancel)
            case .enter: answerQuestion(pendingQuestion?.buttons.first ?? .cancel)
            default: return false
            }
            return true
        }
        if sheet != nil, sheetKey(input) { return true }
        if menuOpen, menuKey(input) { return true }
        if hexEntry != nil, hexKey(input) { return true }
        if textKey(input) { return true }
        if elementKey(input) { return true }
        if input.ctrl {
            switch input.key {
            case .character("z") where input.shift, .character("y"): redo()
            case .character("z"): undo()
            default:
                guard let command = Command.forCtrlKey(input) else { return false }
                run(command)
            }
            return true
        }
        switch input.key {
        case .character(let c) where ("1"..."9").contains(c) && Int(String(c))! <= Tool.barTools.count:
            select(Tool.barTools[Int(String(c))! - 1])
        case .character(let c) where Tool.barTools.contains { $0.letter == c }:
            select(Tool.barTools.first { $0.letter == c }!)
        case .character(" "): spaceHeld = true
        case .character("i"): togglePicking()
        case .character("s"): cycleSmoothing()
        case .character("["): nudgeWidth(up: false)
        case .character("]"): nudgeWidth(up: true)
        case .character("/") where input.shift, .character("?"), .f1: run(.shortcuts)
        case .escape:
            if picking { togglePicking() } else if message != nil { message = nil } else if panel != nil { panel = nil } else { return false }
            invalidateChrome()
        case .f10:
            toggleMenu()
        case .f11:
            request(.setFullscreen(!isFullscreen))
        default:
            return false
        }
        return true
    }

    /// Does what a menu item or its key asks.
    public func run(_ command: Command) {
        menuOpen = false
        invalidateChrome()
        switch command {
        case .new: requestNewPage()
        case .open: chooseFileToOpen()
        case .save: save(choosingName: false)
        case .saveAs: save(choosingName: true)
        case .export: export(choosingName: false)
        case .exportAs: export(choosingName: true)
        case .pageSize: openSheet(.pageSize)
        case .insertImage: chooseImageToInsert()
        case .clearPage:
            attempt { try editor.clear() }
            selectElement(nil)
        case .shortcuts: openSheet(.shortcuts)
        case .about: openSheet(.about)
        case .quit: requestQuit()
        case .zoomIn: zoom(by: 1.25)
        case .zoomOut: zoom(by: 0.8)
        case .fitPage: fitPage()
        case .actualSize: showActualSize()
        }
    }
}
