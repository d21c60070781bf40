import CSDL2
import DrawingBoardCore
import Foundation

/// The application window: created with the app id as its WM class / Wayland app id, the
/// compositor left on and the screensaver allowed, HiDPI-aware, and presented by dirty
/// rectangles. Owns SDL's video subsystem while it lives.
public final class Window {
    public static let appID = "io.github.drawingboard.DrawingBoard"

    private let handle: OpaquePointer
    private var presenter: any Presenter
    public let videoDriver: String
    private let wakeEvent: UInt32
    /// Fingers down now, by SDL finger id.
    private var fingersDown: Set<Int64> = []

    public init(title: String, size: PixelSize, minimumSize: PixelSize) throws {
        // SDL's X11 driver converts titles through the C locale: in the default "C" locale a
        // non-ASCII title (a file named "Zeichnung-ä.png") never reaches _NET_WM_NAME.
        if let current = setlocale(LC_CTYPE, ""), !String(cString: current).uppercased().contains("UTF-8"),
           !String(cString: current).uppercased().contains("UTF8") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        // Before SDL starts: the app id, the compositor, the screensaver, and touch that does not
        // also arrive as mouse events (every finger would draw twice).
        setenv("SDL_VIDEO_X11_WMCLASS", Self.appID, 1)
        setenv("SDL_VIDEO_WAYLAND_WMCLASS", Self.appID, 1)
        SDL_SetHint(SDL_HINT_APP_NAME, "DrawingBoard")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        // SDL would turn SIGTERM into a quit request, which asks about unsaved work and so never
        // ends at logout: the window handles the signals itself (`PlatformEvent.terminate`).
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw PlatformError.sdl("cannot start the video system") }
        videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        // X11 has a plain window framebuffer: use it without OpenGL. SDL 2.26's Wayland driver
        // has none (and crashes with this hint), so it gets a streaming texture.
        let useSurface = videoDriver == "x11"
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, useSurface ? "0" : "1")
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        // The first window fits the screen it opens on (a remembered size from a larger
        // screen, or a small laptop's output): never larger than the usable area.
        var usable = SDL_Rect()
        let area = SDL_GetDisplayUsableBounds(0, &usable) == 0 ? PixelSize(width: Int(usable.w), height: Int(usable.h)) : nil
        let size = Self.fitted(size, in: area)
        let minimumSize = Self.fitted(minimumSize, in: area)
        guard let window = SDL_CreateWindow(title, Int32(bitPattern: 0x2FFF_0000), Int32(bitPattern: 0x2FFF_0000),
                                            Int32(size.width), Int32(size.height), flags) else {
            let error = PlatformError.sdl("cannot open a window")
            SDL_Quit()
            throw error
        }
        handle = window
        // SDL starts with text input on; it is on only while a text box is typed in (so keys
        // are keys, and no input method window pops up over the page).
        SDL_StopTextInput()
        SDL_SetWindowMinimumSize(window, Int32(minimumSize.width), Int32(minimumSize.height))
        do {
            presenter = useSurface ? try SurfacePresenter(window: window) : try TexturePresenter(window: window)
        } catch {
            // A surface in a format Cairo cannot paint: a texture works everywhere.
            presenter = try TexturePresenter(window: window)
        }
        wakeEvent = SDL_RegisterEvents(1)
        terminateEvent = SDL_RegisterEvents(1)
        x11Wait = videoDriver == "x11" ? X11EventWait(window: window) : nil
        for number in [SIGTERM, SIGINT, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            let terminate = Self.waker(pushing: terminateEvent, x11Wait)
            source.setEventHandler { terminate() }
            source.resume()
            signalSources.append(source)
        }
        pens = PenInput(window: window, driver: videoDriver) { [weak self] in self?.pixelRatio ?? 1 }
        // On Wayland it hears the window's input from the start: its serials set the clipboard.
        if videoDriver == "wayland" { pictureOffer = WaylandClipboardOffer(window: window) }
        if videoDriver == "x11" { X11RawMotion.deselect(window: window) }
    }

    private let terminateEvent: UInt32
    private var signalSources: [DispatchSourceSignal] = []
    /// What other apps get from the clipboard after a copy of ink (`pictureClipboard()`).
    var pictureOffer: (any PictureOffer)?
    /// Pens read beside SDL (`Pens/`).
    private var pens: PenInput?
    /// Where pens come from here, for the status line and the tests.
    public var penSource: String { pens?.name ?? "none" }

    deinit {
        for source in signalSources { source.cancel() }
        pens?.stop()
        pictureOffer = nil
        for cursor in [crosshairCursor, arrowCursor] { if let cursor { SDL_FreeCursor(cursor) } }
        presenter = DeadPresenter()
        SDL_DestroyWindow(handle)
        SDL_Quit()
    }

    public var presenterName: String { presenter.name }
    public var frame: FrameBuffer { presenter.frame }
    public var uploadedPixels: Int { presenter.uploadedPixels }

    /// The window's size in pixels (larger than its size in points on a HiDPI Wayland output).
    public var pixelSize: PixelSize { presenter.frame.size }

    /// Window pixels per window point (2 on a HiDPI Wayland output, 1 on X11).
    public var pixelRatio: Double {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(handle, &w, &h)
        return w > 0 ? Double(pixelSize.width) / Double(w) : 1
    }

    /// The scale the X desktop asks of apps through its resources (`ScreenScale`); nil
    /// elsewhere or when it says none.
    public var desktopResourceScale: Double? {
        X11Handles(handle).flatMap { ScreenScale.resourceScale(display: $0.display) }
    }

    /// The window's size in points, for remembering it.
    public var pointSize: PixelSize {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(handle, &w, &h)
        return PixelSize(width: Int(w), height: Int(h))
    }

    public var isFullscreen: Bool {
        SDL_GetWindowFlags(handle) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
    }

    /// The window as the desktop portal names a parent: `x11:<hex id>` on X11; empty elsewhere
    /// (Wayland needs an exported handle, which SDL 2 cannot make).
    public var portalParent: String {
        guard let x11 = X11Handles(handle) else { return "" }
        return "x11:" + String(UInt(x11.window), radix: 16)
    }

    public func setTitle(_ title: String) {
        SDL_SetWindowTitle(handle, title)
        // SDL 2 writes WM_NAME typed UTF8_STRING, which XFetchName (and so `xdotool search
        // --name`, wmctrl and older window managers) cannot read. Write it again as Latin-1
        // STRING, as ICCCM wants; _NET_WM_NAME keeps the full UTF-8 title.
        guard let x11 = X11Handles(handle) else { return }
        let display = x11.display
        var latin1 = Self.latin1(title)
        XChangeProperty(display, x11.window, Atom(XA_WM_NAME), Atom(XA_STRING), 8, PropModeReplace, &latin1, Int32(latin1.count))
        XFlush(display)
    }

    /// `text` in Latin-1, with a "?" for each character Latin-1 does not have.
    static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
    }

    /// Where the pointer is over the window when a file is dropped (nil where the platform
    /// cannot say, as on Wayland, or outside the window).
    private func dropPoint(ratio: Double) -> Point? {
        var gx: Int32 = 0, gy: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        SDL_GetGlobalMouseState(&gx, &gy)
        SDL_GetWindowPosition(handle, &wx, &wy)
        SDL_GetWindowSize(handle, &w, &h)
        let x = gx - wx, y = gy - wy
        guard x >= 0, y >= 0, x < w, y < h, String(cString: SDL_GetCurrentVideoDriver()) == "x11" else { return nil }
        return Point(Double(x) * ratio, Double(y) * ratio)
    }

    /// Text input on over `rect` (window pixels; the input method's window goes by it), or off.
    public func textInput(at rect: Rect?) {
        guard let rect else {
            SDL_StopTextInput()
            return
        }
        let ratio = pixelRatio
        var r = SDL_Rect(x: Int32(rect.minX / ratio), y: Int32(rect.minY / ratio), w: Int32(max(rect.width / ratio, 1)), h: Int32(max(rect.height / ratio, 1)))
        SDL_SetTextInputRect(&r)
        if SDL_IsTextInputActive() == SDL_FALSE { SDL_StartTextInput() }
    }

    /// The system crosshair over the window (the eyedropper), or the usual arrow.
    public func setPointer(crosshair: Bool, hidden: Bool = false, hand: Bool = false) {
        SDL_ShowCursor(hidden ? SDL_DISABLE : SDL_ENABLE)
        if crosshair, crosshairCursor == nil { crosshairCursor = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_CROSSHAIR) }
        if hand, handCursor == nil { handCursor = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND) }
        if arrowCursor == nil { arrowCursor = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_ARROW) }
        if let cursor = hand ? handCursor : crosshair ? crosshairCursor : arrowCursor { SDL_SetCursor(cursor) }
    }

    private var handCursor: OpaquePointer?

    private var crosshairCursor: OpaquePointer?
    private var arrowCursor: OpaquePointer?

    public func setFullscreen(_ on: Bool) {
        SDL_SetWindowFullscreen(handle, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
    }

    /// Follows a change of window size: the frame is made anew.
    public func resizeFrame() throws {
        try presenter.resize()
    }

    public func present(_ rects: [PixelRect]) {
        presenter.present(rects)
    }

    /// A closure that wakes `nextEvents`, safe to call from any thread (SDL_PushEvent is).
    public var waker: @Sendable () -> Void { Self.waker(pushing: wakeEvent, x11Wait) }

    private static func waker(pushing type: UInt32, _ x11Wait: X11EventWait?) -> @Sendable () -> Void {
        if let x11Wait { return x11Wait.waker(pushing: type) }
        return {
            var event = SDL_Event()
            event.type = type
            SDL_PushEvent(&event)
        }
    }

    /// The wait on X11 (nil elsewhere: SDL's own wait).
    private let x11Wait: X11EventWait?

    /// Also ends a wait for events when `descriptor` has something to read (another X
    /// connection of ours: the clipboard's offer).
    public func watch(_ descriptor: Int32) {
        x11Wait?.alsoWatched = descriptor
    }

    /// Seconds since SDL started, for timers and animations.
    public var now: Double { Double(SDL_GetTicks64()) / 1000 }

    /// Waits for events (up to `timeout` seconds; forever when nil) and returns every event
    /// that is pending, so each frame handles them all at once. Nothing spins while idle.
    public func nextEvents(timeout: Double?) -> [PlatformEvent] {
        var event = SDL_Event()
        var result: [PlatformEvent] = []
        defer {
            // Losing the window drops every finger: their strokes are cancelled upstream.
            if result.contains(where: { if case .focusLost = $0 { return true } else { return false } }) { fingersDown.removeAll() }
        }
        if let x11Wait {
            guard x11Wait.wait(timeout: timeout) else { return result }
            for var event in SDLQueue.takeAll() { result += translate(&event) }
            return result
        }
        let got: Int32
        if let timeout {
            got = SDL_WaitEventTimeout(&event, Int32(min(max(timeout * 1000, 0), 60_000).rounded(.up)))
        } else {
            got = SDL_WaitEvent(&event)
        }
        guard got != 0 else { return result }
        repeat {
            result += translate(&event)
        } while SDL_PollEvent(&event) != 0
        return result
    }

    /// Shift and Alt as the key events so far leave them (see `MouseTranslation.shapeModifiers`).
    private var heldModifiers: ShapeModifiers = []

    private func translate(_ e: inout SDL_Event) -> [PlatformEvent] {
        if let pens, e.type == pens.eventType { return pens.take(e.user) }
        switch SDL_EventType(e.type) {
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            return TouchTranslation.translate(e.tfinger, type: e.type, pixelSize: pixelSize,
                                              time: Double(e.common.timestamp) / 1000, down: &fingersDown)
        default:
            return translateOne(&e).map { [$0] } ?? []
        }
    }

    private func translateOne(_ e: inout SDL_Event) -> PlatformEvent? {
        let ratio = pixelRatio
        let time = Double(e.common.timestamp) / 1000
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED: return .resized
            case SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_MINIMIZED:
                heldModifiers = []
                return .focusLost
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED: return .exposed
            case SDL_WINDOWEVENT_LEAVE: return .hover(nil)
            default: return nil
            }
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            if e.button.button == UInt8(SDL_BUTTON_MIDDLE), e.button.which != MouseTranslation.touchMouseID {
                return .middleDrag(e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .down : .up,
                                   at: Point(Double(e.button.x) * ratio, Double(e.button.y) * ratio))
            }
            return MouseTranslation.button(e.button, ratio: ratio, time: time, modifiers: heldModifiers)
        case SDL_MOUSEMOTION:
            if e.motion.state & 1 == 0, e.motion.state & 2 != 0, e.motion.which != MouseTranslation.touchMouseID {
                return .middleDrag(.move, at: Point(Double(e.motion.x) * ratio, Double(e.motion.y) * ratio))
            }
            return MouseTranslation.motion(e.motion, ratio: ratio, time: time, modifiers: heldModifiers)
        case SDL_MOUSEWHEEL:
            guard e.wheel.which != UInt32.max else { return nil }
            // The precise values carry a touchpad's smooth scrolling (whole notches for a wheel).
            let flip = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1.0 : 1.0
            let dx = Double(e.wheel.preciseX) * flip, dy = Double(e.wheel.preciseY) * flip
            guard dx != 0 || dy != 0 else { return nil }
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            let ctrl = UInt32(SDL_GetModState().rawValue) & KMOD_CTRL.rawValue != 0
            return .scroll(dx: dx, dy: dy, at: Point(Double(x) * ratio, Double(y) * ratio), ctrl: ctrl,
                           shift: heldModifiers.contains(.constrain))
        case SDL_KEYDOWN where MouseTranslation.isShapeModifierKey(e.key.keysym.sym),
             SDL_KEYUP where MouseTranslation.isShapeModifierKey(e.key.keysym.sym):
            heldModifiers = MouseTranslation.shapeModifiers(e.key.keysym.mod)
            return .modifiers(heldModifiers)
        case SDL_KEYDOWN:
            heldModifiers = MouseTranslation.shapeModifiers(e.key.keysym.mod)
            return KeyTranslation.key(e.key.keysym).map { .key($0) }
        case SDL_KEYUP:
            heldModifiers = MouseTranslation.shapeModifiers(e.key.keysym.mod)
            return e.key.keysym.sym == Int32(SDLK_SPACE.rawValue) ? .spaceReleased : nil
        case SDL_DROPFILE:
            guard let file = e.drop.file else { return nil }
            defer { SDL_free(file) }
            return .droppedFile(String(cString: file), at: dropPoint(ratio: ratio))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: e.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .textInput(text)
        case SDL_TEXTEDITING:
            let text = withUnsafeBytes(of: e.edit.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .textEditing(text)
        default:
            if e.type == wakeEvent { return .wake }
            if e.type == terminateEvent { return .terminate }
            return nil
        }
    }
}

/// Stands in for the presenter while the window is torn down.
private final class DeadPresenter: Presenter {
    var frame: FrameBuffer { FrameBuffer(pixels: UnsafeMutableRawPointer(bitPattern: 16)!, size: PixelSize(width: 0, height: 0), stride: 0, generation: -1) }
    func resize() throws {}
    func present(_ rects: [PixelRect]) {}
    let uploadedPixels = 0
    let name = "closed"
}

enum KeyTranslation {
    static func key(_ sym: SDL_Keysym) -> KeyInput? {
        let mod = UInt32(sym.mod)
        let ctrl = mod & KMOD_CTRL.rawValue != 0
        let shift = mod & KMOD_SHIFT.rawValue != 0
        let alt = mod & KMOD_ALT.rawValue != 0
        let code = sym.sym
        let key: KeyInput.Key
        switch code {
        case Int32(SDLK_ESCAPE.rawValue): key = .escape
        case Int32(SDLK_RETURN.rawValue), Int32(SDLK_KP_ENTER.rawValue): key = .enter
        case Int32(SDLK_F1.rawValue): key = .f1
        case Int32(SDLK_F3.rawValue): key = .f3
        case Int32(SDLK_F9.rawValue): key = .f9
        case Int32(SDLK_F10.rawValue): key = .f10
        case Int32(SDLK_F11.rawValue): key = .f11
        case Int32(SDLK_UP.rawValue): key = .up
        case Int32(SDLK_DOWN.rawValue): key = .down
        case Int32(SDLK_LEFT.rawValue): key = .left
        case Int32(SDLK_RIGHT.rawValue): key = .right
        case Int32(SDLK_HOME.rawValue): key = .home
        case Int32(SDLK_END.rawValue): key = .end
        case Int32(SDLK_PAGEUP.rawValue): key = .pageUp
        case Int32(SDLK_PAGEDOWN.rawValue): key = .pageDown
        case Int32(SDLK_KP_PLUS.rawValue): key = .character("+")
        case Int32(SDLK_KP_MINUS.rawValue): key = .character("-")
        case Int32(SDLK_KP_0.rawValue): key = .character("0")
        case Int32(SDLK_DELETE.rawValue): key = .delete
        case Int32(SDLK_BACKSPACE.rawValue): key = .backspace
        case Int32(SDLK_TAB.rawValue): key = .tab
        case Int32(SDLK_KP_1.rawValue)...Int32(SDLK_KP_9.rawValue):
            key = .character(Character(String(code - Int32(SDLK_KP_1.rawValue) + 1)))
        case 32...126:
            guard let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            key = .character(Character(scalar))
        default:
            return nil
        }
        return KeyInput(key, ctrl: ctrl, shift: shift, alt: alt)
    }
}
