import DrawingBoardCore
import Foundation

/// A snapshot of what the interface shows, taken once per frame for the renderer.
struct ViewState {
    var layout: Layout
    var scale: Double
    var tool: Tool
    var style: StrokeStyle
    var backgroundColor: RGBColor
    var canUndo: Bool
    var canRedo: Bool
    var panel: PanelKind?
    var recentColors: [RGBColor]
    var pressed: Control?
    var tooltip: (text: String, frame: Rect)?
    var message: (text: String, isError: Bool, textSize: Double)?
    var menuOpen: Bool
    var menuRecent: [String]
    var highlightedMenuRow: Control?
    var sheet: Sheet?
    var pageSize: PixelSize
    var backgroundThumbnail: RasterImage?
    var dialogOpen: Bool
    var question: String
    var documentName: String
    var values: [SliderKind: Int]
    var touchMode: TouchMode
    var zoom: Double
    var hsv: HSV
    var hexEntry: String?
    var picking: Bool
    var smoothing: Smoothing
    var shapeHelpers: ShapeModifiers

    init(controller c: AppController) {
        layout = c.layout()
        scale = c.scale
        tool = c.editor.toolState.tool
        style = c.editor.toolState.style
        backgroundColor = c.backgroundColor
        canUndo = c.editor.canUndo
        canRedo = c.editor.canRedo
        panel = c.panel
        recentColors = c.recentColors
        pressed = c.pressed
        tooltip = c.tooltip()
        message = c.message.map { ($0.text, $0.isError, $0.textSize) }
        menuOpen = c.menuOpen
        menuRecent = c.menuRecentFiles
        highlightedMenuRow = c.highlightedMenuRow
        sheet = c.sheet
        pageSize = c.editor.size
        backgroundThumbnail = c.backgroundThumbnail
        dialogOpen = c.dialogOpen
        switch c.pendingQuestion {
        case .open(let path)?:
            question = "Save changes to “\(c.documentName)” before opening “\(URL(fileURLWithPath: path).lastPathComponent)”?"
        case .newPage?:
            question = "Save changes to “\(c.documentName)” before starting a new page?"
        case .saveName(let chosen, let doc, let format)?:
            let name = URL(fileURLWithPath: chosen).lastPathComponent, docName = URL(fileURLWithPath: doc).lastPathComponent
            question = format.map { "“\(name)” is a \($0.title) name. Save the document as “\(docName)”, or export a \($0.title) copy to “\(name)”?" }
                ?? "Documents are saved as .ora. Save the document as “\(docName)”?"
        case .restore?:
            let steps = c.recoverable?.steps ?? 0
            question = "DrawingBoard closed before a drawing was saved (\(steps) step\(steps == 1 ? "" : "s")). Restore it?"
        default:
            question = "Save changes to “\(c.documentName)” before closing?"
        }
        documentName = c.documentName
        touchMode = c.touchMode
        zoom = c.view.scale
        hsv = c.brushHSV
        hexEntry = c.hexEntry
        picking = c.picking
        smoothing = c.editor.toolState.smoothing
        shapeHelpers = c.editor.toolState.shapeHelpers
        values = Dictionary(uniqueKeysWithValues: SliderKind.allCases.map { ($0, c.value(of: $0)) })
    }
}
