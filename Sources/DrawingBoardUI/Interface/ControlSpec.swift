import DrawingBoardCore
import DrawingBoardRender

/// What a control is for people and what pressing it does, described once: the renderer draws
/// its icon and title, the tooltip says what it does with its key, and the dispatch runs its
/// action. A new button is its case in `Control`, its description here, and its place in the
/// layout.
struct ControlSpec {
    /// The label the control shows (or the text drawn when its icon is missing).
    var title: String?
    /// Its icon: `Assets/icons/ui/NAME.svg`.
    var icon: String?
    /// What it does, for its tooltip.
    var tooltip: String?
    /// The key that does the same, shown after the tooltip.
    var key: String?
    /// What pressing it does.
    var action: (AppController) -> Void = { _ in }

    /// The tooltip as shown: what it does, then its key.
    var fullTooltip: String? {
        guard let tooltip else { return nil }
        return key.map { "\(tooltip) (\($0))" } ?? tooltip
    }
}

extension Control {
    /// The control's description: its title, icon, tooltip, key and action.
    var spec: ControlSpec {
        switch self {
        case .tool(let tool):
            let handler = ToolBox.kind(of: tool)
            let n = (ToolBox.bar.firstIndex { $0.tool == tool } ?? 0) + 1
            let keys = (n <= 9 ? ["\(n)"] : []) + (handler.key.map { [String($0).uppercased()] } ?? [])
            return ControlSpec(title: handler.title, icon: handler.icon, tooltip: handler.title, key: keys.joined(separator: " or "),
                               action: { $0.brush.select(tool) })
        case .undo: return ControlSpec(title: "Undo", icon: "undo", tooltip: "Undo", key: "Ctrl+Z", action: { $0.undo() })
        case .redo: return ControlSpec(title: "Redo", icon: "redo", tooltip: "Redo", key: "Ctrl+Shift+Z", action: { $0.redo() })
        case .save:
            return ControlSpec(title: "Save", icon: "save", tooltip: "Save the document as .ora", key: "Ctrl+S",
                               action: { $0.document.save(choosingName: false) })
        case .clear:
            return ControlSpec(title: "Clear", icon: "clear", tooltip: "Clear the drawing", action: { Command.clearPage.perform(in: $0) })
        case .open:
            return ControlSpec(title: "Open", icon: "open", tooltip: "Open a drawing or an image", key: "Ctrl+O",
                               action: { Command.open.perform(in: $0) })
        case .instruments:
            return ControlSpec(title: "Ruler", icon: "ruler", tooltip: "Ruler, set square, compass: strokes started near an edge follow it",
                               key: "Ctrl+R", action: { $0.instruments.toggle() })
        case .menu: return ControlSpec(title: "Menu", icon: "menu", tooltip: "Main menu", key: "F10", action: { $0.chrome.menu.toggle() })
        case .zoomIn: return ControlSpec(title: "+", icon: "zoom-in", tooltip: "Zoom in", key: "Ctrl++", action: { Command.zoomIn.perform(in: $0) })
        case .zoomOut: return ControlSpec(title: "−", icon: "zoom-out", tooltip: "Zoom out", key: "Ctrl+-", action: { Command.zoomOut.perform(in: $0) })
        case .resetView:
            return ControlSpec(tooltip: "Zoom: fit the page (Ctrl+0), its width, or a level from 10% to 3200%", action: { $0.chrome.menu.openZoomLevels() })
        case .panel(.brush):
            return ControlSpec(title: "Brush", icon: "brush", tooltip: "Brush: width, colour, opacity", action: { $0.chrome.togglePanel(.brush) })
        case .panel(.background):
            return ControlSpec(title: "Background", icon: "background", tooltip: "Background: colour or image",
                               action: { $0.chrome.togglePanel(.background) })
        case .panel(.stickers):
            return ControlSpec(title: "Stickers", icon: "stickers", tooltip: "Stickers and images to place on the page",
                               action: { $0.chrome.togglePanel(.stickers) })
        case .closePanel: return ControlSpec(icon: "close", tooltip: "Close", key: "Esc", action: { $0.chrome.panel = nil })
        case .slider(let kind):
            return ControlSpec(title: kind.label, tooltip: kind == .width ? "Stroke width" : nil, key: kind == .width ? "[ and ]" : nil)
        case .recentColor(let i): return ControlSpec(tooltip: "Use this colour", action: { $0.brush.useRecentColor(i) })
        case .chooseImage:
            return ControlSpec(title: "Choose image…", icon: "image", tooltip: "Choose an image for this page's background",
                               action: { $0.document.chooseBackgroundImage() })
        case .dismissMessage: return ControlSpec(action: { $0.chrome.dismissMessage() })
        case .dialog(let button): return ControlSpec(title: button.label, action: { $0.document.questions.answer(button) })
        case .touchMode:
            return ControlSpec(tooltip: "Touch, click to change: every finger draws; or one draws and two move the view; or only a pen draws and fingers move the view", action: { $0.input.touchMode = $0.input.touchMode.next })
        case .colorWheel: return ControlSpec(tooltip: "Hue and saturation")
        case .valueStrip: return ControlSpec(tooltip: "Brightness")
        case .hexField:
            return ControlSpec(tooltip: "Type a colour: three or six hex digits, then Enter",
                               action: { $0.brush.colour.hexFieldClicked() })
        case .eyedropper:
            return ControlSpec(title: "Pick", icon: "eyedropper", tooltip: "Pick a colour from the picture", key: "I",
                               action: { $0.brush.colour.togglePicking() })
        case .smoothing(let smoothing):
            return ControlSpec(title: smoothing.title, tooltip: "Steady freehand strokes", key: "S cycles",
                               action: { $0.editor.toolState.smoothing = smoothing })
        case .selectArea(let area):
            return ControlSpec(title: area.title, tooltip: area == .lasso ? "Drag around what to select" : area == .box ? "Drag a box over what to select"
                                : "Select a PDF page's text: drag, double-click a word, triple-click a line; Ctrl+C copies it",
                               key: "Ctrl+A selects all", action: { $0.lasso.area = area })
        case .shapesSwitch:
            return ControlSpec(title: "Shapes", tooltip: "Every pencil stroke becomes the line, rectangle, ellipse or triangle it meant (or rest the pen half a second before lifting)",
                               action: { $0.editor.tools.recognizesShapes.toggle() })
        case .textSwitch:
            return ControlSpec(title: "Text", tooltip: "A drag over a PDF page's text highlights the characters it selects, line by line (on a page without text the highlighter draws)",
                               action: { $0.editor.tools.highlightsText.toggle() })
        case .paper(nil): return ControlSpec(title: "Plain", tooltip: "A plain page of the colour above", action: { $0.brush.choosePaper(nil) })
        case .paper(let ruling?):
            return ControlSpec(title: ruling.title, tooltip: "\(ruling.title) paper of the colour above, with the spacing and line colour below",
                               action: { $0.brush.choosePaper(ruling) })
        case .paperLine(let i):
            return ControlSpec(tooltip: "The colour of the paper's lines", action: { $0.brush.choosePaperLine(Paper.lineColors[i]) })
        case .shapeHelper(let helper):
            return ControlSpec(title: helper.title(), tooltip: helper == .constrain ? "Lines in 15° steps, squares and circles" : "Shapes from their centre",
                               key: helper == .constrain ? "Shift turns it over" : "Alt turns it over",
                               action: { $0.editor.toolState.shapeHelpers.formSymmetricDifference(helper) })
        case .menuItem(let command): return ControlSpec(title: command.title, key: command.shortcut, action: { command.perform(in: $0) })
        case .recentFile(let i): return ControlSpec(action: { $0.chrome.menu.openRecent(i) })
        case .dismissMenu: return ControlSpec(action: { $0.chrome.menu.close() })
        case .dismissSheet: return ControlSpec(action: { $0.chrome.sheets.close() })
        case .sheetClose, .sheetConfirm, .sheetSize, .sheetField, .sheetColor, .sheetPaper, .sheetAnchor, .sheetResolution:
            return ControlSpec(action: { $0.chrome.sheets.press(self) })
        case .sticker(let i):
            return ControlSpec(tooltip: "Click to place it in the middle, or drag it onto the page", action: { app in
                // The panel goes, so the sticker placed in the middle of the view is in sight.
                app.chrome.panel = nil
                app.selection.placeSticker(i)
            })
        case .stickerPage(let d):
            return ControlSpec(title: d > 0 ? "More ›" : "‹ Back", tooltip: d > 0 ? "More stickers" : "The stickers before",
                               action: { $0.selection.stickerPage = max(0, $0.selection.stickerPage + d) })
        case .insertImage:
            return ControlSpec(title: "Insert image…", icon: "image", tooltip: "Insert an image from a file", key: "Ctrl+I",
                               action: { $0.selection.chooseImageToInsert() })
        case .font(let i):
            return ControlSpec(title: i == 2 ? "Mono" : TextArt.standardFamilies[i], tooltip: "The font of new text (and of the text being typed)",
                               action: { $0.text.chooseFont(TextArt.standardFamilies[i]) })
        case .fontStep(let d):
            return ControlSpec(title: d > 0 ? "›" : "‹", tooltip: "The other fonts installed", action: { $0.text.stepFont(by: d) })
        case .pageNumber:
            return ControlSpec(tooltip: "The page drawn on; click to type the page to go to", key: "Ctrl+G", action: { $0.pages.beginNumberEntry() })
        case .sidebar:
            return ControlSpec(title: "Pages", icon: "pages", tooltip: "Pages: go to, move, insert and delete pages", key: "F9",
                               action: { $0.pages.toggleSidebar() })
        case .addPage:
            return ControlSpec(title: "+", tooltip: "A new page after the last, like it", action: { $0.pages.add(after: $0.pages.count - 1) })
        case .pageThumbnail:
            return ControlSpec(tooltip: "Click to go to this page; drag it to move it")
        case .pageMenu(let i):
            return ControlSpec(title: "⋮", tooltip: "New pages, a copy, delete", action: { $0.chrome.menu.openPage(i) })
        case .sidebarView(let contents):
            return ControlSpec(title: contents ? "Contents" : "Pages", tooltip: contents ? "The PDF's outline: click an entry to go to its page" : "Every page",
                               action: { $0.pages.sidebar.show(contents: contents) })
        case .contentsEntry(let i):
            return ControlSpec(tooltip: "Go to this page", action: { $0.pages.sidebar.goToEntry(i) })
        case .contentsFold(let i):
            return ControlSpec(tooltip: "Fold or unfold", action: { $0.pages.sidebar.fold(i) })
        case .pressureCurve(let curve):
            return ControlSpec(title: curve.title, tooltip: "How hard the pen must press for the full width", action: { $0.input.pens.curve = curve })
        }
    }
}

extension AppController {
    /// Does what pressing `control` does.
    public func perform(_ control: Control) {
        invalidateChrome()
        control.spec.action(self)
    }

    /// Does what a menu item or its key asks.
    public func run(_ command: Command) {
        command.perform(in: self)
    }
}
