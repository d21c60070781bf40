import DrawingBoardCore

/// A new page: its size in pixels, its background colour, and its paper if it is ruled.
public struct PageSpec: Sendable, Hashable {
    public var size: PixelSize
    public var background: RGBColor
    public var paper: Paper.Ruling?

    public init(size: PixelSize, background: RGBColor = .white, paper: Paper.Ruling? = nil) {
        self.size = size
        self.background = background
        self.paper = paper
    }

    /// The page's background: the colour, ruled when it is paper.
    public var pageBackground: Background {
        paper.map { .paper(Paper($0, color: background)) } ?? .color(background)
    }
}

/// The sizes the New page sheet offers (besides the window's size and a custom one).
public enum PagePreset: Sendable, Hashable, CaseIterable {
    case a4Portrait, a4Landscape, a5Portrait, a5Landscape, fullHD, uhd4K

    /// Paper at 96 dpi, as every page is (a PDF's and a Xournal++ notebook's pages, and the
    /// PDF export, which prints 96 pixels an inch): A4 is 210x297 mm (794x1123 px), A5
    /// 148x210 mm (559x794 px).
    public var size: PixelSize {
        switch self {
        case .a4Portrait: return PixelSize(width: 794, height: 1123)
        case .a4Landscape: return PixelSize(width: 1123, height: 794)
        case .a5Portrait: return PixelSize(width: 559, height: 794)
        case .a5Landscape: return PixelSize(width: 794, height: 559)
        case .fullHD: return PixelSize(width: 1920, height: 1080)
        case .uhd4K: return PixelSize(width: 3840, height: 2160)
        }
    }

    /// The paper sizes (the Page Size sheet offers these).
    public static let papers: [PagePreset] = [.a4Portrait, .a4Landscape, .a5Portrait, .a5Landscape]

    public var title: String {
        switch self {
        case .a4Portrait: return "A4 portrait"
        case .a4Landscape: return "A4 landscape"
        case .a5Portrait: return "A5 portrait"
        case .a5Landscape: return "A5 landscape"
        case .fullHD: return "1920x1080"
        case .uhd4K: return "3840x2160"
        }
    }
}
