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

    /// Paper at 150 dpi: A4 is 210x297 mm (1240x1754 px), A5 148x210 mm (874x1240 px).
    public var size: PixelSize {
        switch self {
        case .a4Portrait: return PixelSize(width: 1240, height: 1754)
        case .a4Landscape: return PixelSize(width: 1754, height: 1240)
        case .a5Portrait: return PixelSize(width: 874, height: 1240)
        case .a5Landscape: return PixelSize(width: 1240, height: 874)
        case .fullHD: return PixelSize(width: 1920, height: 1080)
        case .uhd4K: return PixelSize(width: 3840, height: 2160)
        }
    }

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
