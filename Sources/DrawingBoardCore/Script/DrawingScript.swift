/// A drawing script (format version 1): a canvas, a background and the steps a user took.
/// See docs/scripts.md; the format is a public contract.
public struct DrawingScript: Sendable, Hashable {
    public static let version = 1

    public enum BackgroundSource: Sendable, Hashable {
        case color(RGBColor)
        /// A path as written in the script; relative paths resolve against the script's folder.
        case image(String)
        /// Ruled paper (the contract's "Paper" extension).
        case paper(Paper)
        /// A page (1-based) of a PDF file, the page taking that PDF page's size.
        case pdf(String, page: Int)
    }

    /// Changes to the tool state a step makes before its action, as the toolbar would.
    public struct ToolChange: Sendable, Hashable {
        public var tool: Tool?
        public var color: RGBColor?
        public var width: Double?
        public var opacity: Double?
        /// The freehand stabiliser (an extension of version 1: `"smoothing": "strong"`).
        public var smoothing: Smoothing?

        public init(tool: Tool? = nil, color: RGBColor? = nil, width: Double? = nil, opacity: Double? = nil, smoothing: Smoothing? = nil) {
            self.tool = tool
            self.color = color
            self.width = width
            self.opacity = opacity
            self.smoothing = smoothing
        }

        public var isEmpty: Bool { tool == nil && color == nil && width == nil && opacity == nil && smoothing == nil }
    }

    public enum Action: Sendable, Hashable {
        /// One pointer: down on the first point, through the others, up on the last.
        case stroke([Point])
        /// Several fingers at once, in finger order.
        case touch([Finger])
        case undo(Int)
        case redo(Int)
        case clear
        case background(BackgroundSource)
        /// The eyedropper: the current colour becomes the picture's colour at this point.
        case pick(Point)
        /// An element goes on the page (the contract's "Elements").
        case place(Placing)
        /// The sticker or image under the point turns 90° clockwise.
        case doubleTap(Point)
        case delete(ElementReference)
        case raise(ElementReference)
        case lower(ElementReference)
        /// A text element's text, size, colour or font change.
        case edit(TextEdit)
        /// A change of page, or to the notebook's pages (the contract's "Pages").
        case page(PageStep)
        /// What is selected (the contract's "Editing what was drawn").
        case select(SelectTarget)
        /// Something done to the selection.
        case selection(SelectionStep)
        /// The clipboard's strokes and elements, centred on the point.
        case paste(Point)
        /// Pencil strokes come out as the shapes they were meant as (or stop doing so).
        case recognize(Bool)
        /// A ruler laid on the page, or taken away (nil).
        case ruler(Ruler?)
        /// The PDF's text selected from one point to the other, highlighted (the contract's
        /// "Text in PDFs").
        case highlightText(from: Point, to: Point)
    }

    public enum SelectTarget: Sendable, Hashable {
        case lasso([Point])
        case rect(Rect)
        case all
        case none
    }

    public enum SelectionStep: Sendable, Hashable {
        case move(Point)
        case scale(Double)
        case rotate(Double)
        case color(RGBColor)
        case width(Double)
        case duplicate, copy, cut, delete
    }

    /// What a `page` step does.
    public enum PageStep: Sendable, Hashable {
        /// A new page after the current one, as the current page is but for what `NewPage` says.
        case add(NewPage)
        /// Page N (1-based) becomes current.
        case go(Int)
        case duplicate
        /// The current page moves to position N (1-based).
        case move(Int)
        case delete
    }

    /// What a new page is: each field nil takes the current page's.
    public struct NewPage: Sendable, Hashable {
        public var size: PixelSize?
        public var background: BackgroundSource?

        public init(size: PixelSize? = nil, background: BackgroundSource? = nil) {
            self.size = size
            self.background = background
        }
    }

    /// What a `place` step puts on the page.
    public struct Placing: Sendable, Hashable {
        /// The kind asked for and what the kind read from the step (`ElementContent.request`).
        public struct Source: Sendable, Hashable {
            public var kind: any ElementContent.Type
            public var request: any PlaceRequest

            public init(kind: any ElementContent.Type, request: any PlaceRequest) {
                self.kind = kind
                self.request = request
            }

            public static func == (a: Source, b: Source) -> Bool {
                ObjectIdentifier(a.kind) == ObjectIdentifier(b.kind) && AnyHashable(a.request) == AnyHashable(b.request)
            }

            public func hash(into hasher: inout Hasher) {
                hasher.combine(AnyHashable(request))
            }
        }

        public var source: Source
        public var center: Point
        public var width: Double?
        public var rotation: Double
        public var name: String?

        public init(source: Source, center: Point, width: Double? = nil, rotation: Double = 0, name: String? = nil) {
            self.source = source
            self.center = center
            self.width = width
            self.rotation = rotation
            self.name = name
        }
    }

    /// An element named by a step: by the `id` a `place` gave it, or by a point it covers.
    public enum ElementReference: Sendable, Hashable {
        case name(String)
        case point(Point)
    }

    public struct TextEdit: Sendable, Hashable {
        public var name: String
        public var text: String?
        public var size: Double?
        public var color: RGBColor?
        public var font: String?

        public init(name: String, text: String? = nil, size: Double? = nil, color: RGBColor? = nil, font: String? = nil) {
            self.name = name
            self.text = text
            self.size = size
            self.color = color
            self.font = font
        }
    }

    public struct Finger: Sendable, Hashable {
        public var id: Int
        public var points: [Point]
        /// The pen's pressure at each point (the contract's "Pressure"), nil when none is given.
        public var pressures: [Double]?

        public init(id: Int, points: [Point]) {
            self.id = id
            self.points = points
        }
    }

    public struct Step: Sendable, Hashable {
        public var change: ToolChange
        public var action: Action?
        /// Keys held during a stroke (`"modifiers": ["shift", "alt"]`): the shape helpers.
        public var modifiers: ShapeModifiers
        /// A `stroke`'s pressure at each point, nil when none is given.
        public var pressures: [Double]?

        public init(change: ToolChange = ToolChange(), action: Action? = nil, modifiers: ShapeModifiers = []) {
            self.change = change
            self.action = action
            self.modifiers = modifiers
        }
    }

    public var canvas: PixelSize
    public var background: BackgroundSource
    /// A saved document to start from instead of `canvas` and `background` (a path as written;
    /// relative paths resolve against the script's folder).
    public var open: String?
    /// A PDF to start from instead: a notebook of one page per PDF page (the contract's "Pages").
    public var pdf: String?
    public var steps: [Step]

    public init(canvas: PixelSize, background: BackgroundSource = .color(.white), open: String? = nil, steps: [Step] = []) {
        self.canvas = canvas
        self.background = background
        self.open = open
        self.steps = steps
    }
}
