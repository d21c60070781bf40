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
    /// The page's paper ruling, nil for a plain page (or an image).
    var paperRuling: Paper.Ruling?
    var paperLine: RGBColor?
    var isPlainColor: Bool
    var shapeHelpers: ShapeModifiers
    /// The Stickers panel's miniatures, by the sticker's place in the library.
    var stickerThumbnails: [Int: RasterImage] = [:]
    /// The font family new text takes.
    var font: String
    var pressureCurve: PressureCurve

    init(controller c: AppController) {
        layout = c.layout()
        scale = c.scale
        // The pen's eraser end shows as the eraser while it erases.
        tool = c.pen.erasing ? .eraser : c.editor.toolState.tool
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
        question = c.questionText
        documentName = c.documentName
        touchMode = c.touchMode
        zoom = c.view.scale
        hsv = c.brushHSV
        hexEntry = c.hexEntry
        picking = c.picking
        smoothing = c.editor.toolState.smoothing
        paperRuling = c.paper?.ruling
        paperLine = c.paper?.line
        if case .color = c.editor.background { isPlainColor = true } else { isPlainColor = false }
        shapeHelpers = c.editor.toolState.shapeHelpers
        font = c.editor.typing.entry?.style.font ?? c.editor.typing.font
        pressureCurve = c.pen.curve
        values = Dictionary(uniqueKeysWithValues: SliderKind.allCases.map { ($0, c.value(of: $0)) })
        for item in layout.items {
            if case .sticker(let i) = item.control { stickerThumbnails[i] = c.stickerThumbnail(i) }
        }
    }
}
