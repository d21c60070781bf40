import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// What the interface shows, read from the window's parts as the renderers ask for it (each
/// part answers for its own state): no copy of the window's state is made per frame.
struct ChromeView {
    unowned let app: AppController
    let layout: Layout

    var scale: Double { app.scale }
    /// The pen's eraser end shows as the eraser while it erases.
    var tool: Tool { app.input.pens.erasing ? .eraser : app.editor.toolState.tool }
    var style: StrokeStyle { app.editor.toolState.style }
    var backgroundColor: RGBColor { app.brush.backgroundColor }
    var canUndo: Bool { app.editor.canUndo }
    var canRedo: Bool { app.editor.canRedo }
    var panel: PanelKind? { app.chrome.panel }
    var recentColors: [RGBColor] { app.brush.recentColors }
    var pressed: Control? { app.chrome.pressed }
    var tooltip: (text: String, frame: Rect)? { app.chrome.tooltip(in: layout) }
    var message: Banner.Message? { app.chrome.banner.message }
    /// The main menu is open (not a page's menu, nor the zoom level's).
    var menuOpen: Bool { app.chrome.menu.isOpen && app.chrome.menu.pageTarget == nil && !app.chrome.menu.zoomLevels }
    /// The zoom level's menu is open.
    var zoomMenuOpen: Bool { app.chrome.menu.isOpen && app.chrome.menu.zoomLevels }
    /// The control under the mouse.
    var hovered: Control? { app.chrome.hoveredControl }
    var menuRecent: [String] { app.chrome.menu.recent }
    var highlightedMenuRow: Control? { app.chrome.menu.highlighted(in: layout) }
    var sheet: Sheet? { app.chrome.sheet }
    var pageSize: PixelSize { app.editor.size }
    var backgroundThumbnail: RasterImage? { app.chrome.backgroundThumbnail }
    var dialogOpen: Bool { app.document.pendingQuestion != nil }
    var question: String { app.document.questionText }
    var touchMode: TouchMode { app.input.touchMode }
    var zoom: Double { app.viewport.zoom }
    var hsv: HSV { app.brush.colour.hsv }
    var hexEntry: String? { app.brush.colour.hexEntry }
    var hexSelected: Bool { app.brush.colour.hexSelected }
    var picking: Bool { app.brush.colour.picking }
    var smoothing: Smoothing { app.editor.toolState.smoothing }
    /// The page's paper ruling, nil for a plain page (or an image).
    var paperRuling: Paper.Ruling? { app.brush.paper?.ruling }
    var paperLine: RGBColor? { app.brush.paper?.line }
    var isPlainColor: Bool {
        if case .color = app.editor.background { return true }
        return false
    }
    var shapeHelpers: ShapeModifiers { app.editor.toolState.shapeHelpers }
    var selectArea: SelectArea { app.lasso.area }
    var instrumentShown: Bool { app.editor.tools.instrument != nil }
    var snapsToPaper: Bool { app.editor.tools.snapsToPaper }
    var recognizesShapes: Bool { app.editor.tools.recognizesShapes }
    var highlightsText: Bool { app.editor.tools.highlightsText }
    /// The font family new text takes (the text being typed's, while one is).
    var font: String { app.editor.typing.entry?.style.font ?? app.editor.typing.font }
    var pressureCurve: PressureCurve { app.input.pens.curve }

    /// The value a slider shows.
    func value(of slider: SliderKind) -> Int { app.brush.value(of: slider) }

    /// The Stickers panel's miniature of the sticker at `index` of the library.
    func stickerThumbnail(_ index: Int) -> RasterImage? { app.selection.stickerThumbnail(index) }
}
