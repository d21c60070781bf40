import CSystem
import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardPlatform
import DrawingBoardRender
import DrawingBoardUI
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The window's event loop: waits for input (no polling: an idle window costs no CPU), handles
/// every pending event, advances timers, carries out the controller's effects, then paints and
/// presents only the dirty rectangles, once per frame.
public final class AppRunner {
    public let window: Window
    /// What other apps get from the clipboard after a copy, from the first copy on (the
    /// window keeps it: it lives on the window's display).
    private weak var clipboardOffer: (any PictureOffer)?
    public let controller: AppController
    let icons: IconSet
    let chooser: FileChooser
    private var frame: Frame
    private var frameGeneration: Int
    private var pendingRequests: [Int: FileRequest.Purpose] = [:]
    private var nextRequest = 1
    private var running = true
    /// The settings as last written; written again whenever the preferences change.
    public private(set) var settings: AppSettings
    private var savedPreferences: Preferences?
    private let stats = ProcessInfo.processInfo.environment["DRAWINGBOARD_STATS"] != nil
    private var frames = 0
    private var events = 0
    private var wakeups = 0
    private var phases = LoopPhases(on: ProcessInfo.processInfo.environment["DRAWINGBOARD_STATS"] != nil)

    /// `open`: a document or an image to show first (from the command line).
    /// `savePath`: the document Ctrl+S writes; `exportPath`: the file Ctrl+E writes.
    public init(windowSize: PixelSize, savePath: String?, exportPath: String? = nil, settings: AppSettings, open: String? = nil) throws {
        // Buffers of 128 KB and more (view tiles, masks, pages' layers) are mapped on their own
        // and given back to the system when freed, whichever thread made them: the tiles come
        // and go as the view moves, and would otherwise stay in each painting thread's heap.
        mallopt(M_MMAP_THRESHOLD, 128 << 10)
        window = try Window(title: "DrawingBoard", size: windowSize, minimumSize: PixelSize(width: 640, height: 480))
        let buffer = window.frame
        frame = try Frame(wrapping: buffer.pixels, size: buffer.size, stride: buffer.stride)
        frameGeneration = buffer.generation
        // The first page is the window's size in the screen's points: it fits at 100%.
        let firstScale = Self.uiScale(window)
        let editor = try Editor(size: PixelSize(width: max(1, Int((Double(buffer.size.width) / firstScale).rounded())),
                                                height: max(1, Int((Double(buffer.size.height) / firstScale).rounded()))))
        AssetStore.decoder = SDLImageDecoder(svg: SVGImage.decodeFile)
        controller = AppController(editor: editor, decoder: SDLImageDecoder(svg: SVGImage.decodeFile), window: buffer.size,
                                   scale: firstScale, recentColors: settings.colors, documentPath: savePath,
                                   exportPath: exportPath, encoder: SDLImageEncoder(),
                                   touchMode: settings.touchMode ?? .draw, smoothing: settings.smoothing ?? .off)
        controller.document.recentFiles = RecentFiles()
        controller.document.lastPlaces = LastPlaces()
        let assets = AssetLocator.assets(executable: URL(fileURLWithPath: "/proc/self/exe"))
        controller.selection.stickers = StickerLibrary(builtIn: assets?.appendingPathComponent("stickers"), user: StickerLibrary.userFolder())
        self.settings = settings
        controller.brush.restore(tool: settings.tool.flatMap(Tool.init(rawValue:)), penWidth: settings.penWidth, eraserWidth: settings.eraserWidth,
                           penColor: settings.penColor.flatMap(RGBColor.init(hex:)), penOpacity: settings.penOpacity, textSize: settings.textSize, textFont: settings.textFont,
                           shapeHelpers: settings.helpers)
        controller.input.penWasSeen = settings.penSeen ?? false
        controller.input.pressureCurve = settings.pressureCurve ?? .normal
        savedPreferences = controller.brush.preferences
        let exe = URL(fileURLWithPath: "/proc/self/exe")
        icons = IconSet(directory: AssetLocator.assets(executable: exe)?.appendingPathComponent("icons/ui"),
                        cacheDirectory: CacheFolder.icons)
        chooser = FileChooser(wake: window.waker)
        controller.wake = window.waker
        chooser.parentWindow = window.portalParent
        do {
            controller.document.attach(journal: try Journal(size: editor.size, background: .white, documentPath: nil))
        } catch {
            controller.document.fileChooserFailed("Autosave is off: \(error)")
        }
        if let open {
            controller.document.open(open)
            // `--save-to` names the document even when the file opened was an image.
            if let savePath { controller.document.nameDocument(savePath) }
        }
        if let orphan = Journal.orphans().first { controller.document.offerRecovery(orphan) }
        if icons.directory == nil {
            FileHandle.standardError.write(Data("drawingboard: icons not found (set DRAWINGBOARD_ASSETS); using text labels\n".utf8))
        }
        if stats {
            FileHandle.standardError.write(Data("drawingboard: video driver \(window.videoDriver), presenting with \(window.presenterName), \(buffer.size) pixels\n".utf8))
        }
    }

    /// The screen's scale, which the page at 100% and the interface are drawn at: the
    /// window's pixel ratio where the window system scales (Wayland, 2 or 3, or fractional
    /// where the compositor says so), else `DRAWINGBOARD_SCALE`, `GDK_SCALE`, or the X
    /// desktop's `Xft.dpi` over 96; 1 without any. Not rounded.
    static func uiScale(_ window: Window) -> Double {
        let ratio = window.pixelRatio
        if abs(ratio - 1) > 0.01 { return ratio }
        return ScreenScale.asked(environment: ProcessInfo.processInfo.environment, resources: window.desktopResourceScale)
    }

    /// Runs until the user quits; returns the window size to remember.
    public func run() -> PixelSize {
        phases.start()
        while running {
            // Settings waiting to be written wake the loop when they are due; never while a
            // pointer is down (they wait for it to lift, and its lifting wakes the loop): a
            // wake-up due at once would spin the loop for the whole stroke.
            let settingsDue = controller.input.isPointerDown ? nil : settingsChangedAt.map { max(0, $0 + Self.settingsDelay - window.now) }
            let wakeup = [controller.secondsUntilWakeup(), settingsDue].compactMap { $0 }.min()
            let batch = window.nextEvents(timeout: wakeup)
            phases.mark(.wait)
            // Other apps asking for what was copied are answered first.
            clipboardOffer?.serve()
            wakeups += 1
            events += batch.count
            for event in batch { handle(event) }
            phases.mark(.handle)
            controller.tick(window.now)
            phases.mark(.tick)
            for answer in chooser.takeAnswers() {
                guard let purpose = pendingRequests.removeValue(forKey: answer.id) else { continue }
                if let error = answer.error { controller.document.fileChooserFailed(error) } else { controller.document.fileChosen(purpose, path: answer.path) }
            }
            for effect in controller.takeEffects() { perform(effect) }
            phases.mark(.effects)
            paint()
            saveSettingsIfChanged()
            phases.mark(.settings)
        }
        saveSettingsIfChanged(now: true)
        if stats {
            FileHandle.standardError.write(Data("drawingboard: \(wakeups) wakeups, \(events) events, \(frames) frames, \(window.uploadedPixels) pixels presented\n".utf8))
            FileHandle.standardError.write(Data("drawingboard: loop CPU: \(phases.summary(events: events))\n".utf8))
        }
        return window.pointSize
    }

    private func handle(_ event: PlatformEvent) {
        switch event {
        case .pointer(let e): controller.pointer(e)
        case .hover(let p): controller.hover(at: p, time: window.now)
        case .penHover(let p): controller.input.penHover(at: p, time: window.now)
        case .penProximity(let near): controller.input.penProximity(near: near, time: window.now)
        case .scroll(let dx, let dy, let p, let ctrl, let shift): controller.input.scroll(dx: dx, dy: dy, at: p, ctrl: ctrl, shift: shift)
        case .middleDrag(let phase, let p): controller.input.middleDrag(phase, at: p)
        case .spaceReleased: controller.input.spaceReleased()
        case .key(let k): controller.key(k, time: window.now)
        case .modifiers(let m): controller.modifiersChanged(m)
        case .resized, .exposed:
            do {
                try window.resizeFrame()
                controller.resize(to: window.pixelSize, scale: Self.uiScale(window))
            } catch {
                controller.document.fileChooserFailed("The window cannot be redrawn: \(error)")
            }
        case .focusLost: controller.focusLost()
        case .quit: controller.document.requestQuit()
        case .terminate:
            controller.document.terminated()
            running = false
        case .droppedFile(let path, let at): controller.document.dropped(path, at: at)
        case .textInput(let text): controller.typed(text)
        case .textEditing(let text): controller.composing(text)
        case .wake: break
        }
    }

    private func perform(_ effect: AppEffect) {
        switch effect {
        case .setTitle(let title): window.setTitle(title)
        case .setPointerShape(let shape): window.setPointer(crosshair: shape == .crosshair, hidden: shape == .hidden, hand: shape == .hand)
        case .openURI(let address):
            // xdg-open (in the flatpak, flatpak-xdg-utils's, which asks the desktop portal).
            let opener = Process()
            opener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            opener.arguments = ["xdg-open", address]
            opener.standardOutput = FileHandle.nullDevice
            opener.standardError = FileHandle.nullDevice
            do {
                try opener.run()
            } catch {
                controller.chrome.show(error: "Could not open “\(address)”: \(error)")
            }
        case .setFullscreen(let on):
            window.setFullscreen(on)
            controller.setFullscreen(window.isFullscreen)
        case .quit:
            controller.document.sessionEnded()
            running = false
        case .pasteImage:
            switch ClipboardImage.read() {
            case .png(let data): controller.selection.pasted(imageData: data)
            case .nothing(let reason): controller.chrome.show(error: reason)
            }
        case .offerClipboard(let png, let svg):
            if clipboardOffer == nil, let made = window.pictureClipboard() {
                clipboardOffer = made
                if let watched = made.watched { window.watch(watched) }
            }
            clipboardOffer?.offer(png: png, svg: svg)
        case .copyText(let text):
            ClipboardText.write(text)
        case .pasteText:
            controller.text.pasted(ClipboardText.read())
        case .textInput(let rect):
            window.textInput(at: rect)
        case .chooseFile(let request):
            guard !chooser.isOpen else {
                // One chooser at a time; whatever waited on this one (a save before quitting)
                // is called off, not left to fire on a later save.
                controller.document.fileChooserFailed("A file chooser is already open: finish with it first")
                return
            }
            let id = nextRequest
            nextRequest += 1
            pendingRequests[id] = request.purpose
            let images = ["*.png", "*.jpg", "*.jpeg", "*.webp", "*.bmp", "*.gif", "*.tga", "*.tif", "*.tiff"]
            let filters: [(String, [String])]
            switch request.purpose {
            case .saveDrawing:
                filters = [("OpenRaster drawing (keeps layers and strokes)", ["*.ora"])]
            case .export:
                filters = ExportFormat.chooserOrder(suggesting: request.suggestedName).map { ($0 == .pdf ? "PDF document" : "\($0.title) image", $0.patterns) }
            case .backgroundImage: filters = [("Images", images), ("All files", ["*"])]
            case .insertImage: filters = [("Images", images + ["*.svg"]), ("All files", ["*"])]
            case .openFile:
                filters = [("Drawings, notebooks, PDFs and images", ["*.ora", "*.xopp", "*.xoj", "*.pdf"] + images),
                           ("Xournal++ and Xournal notebooks", ["*.xopp", "*.xoj"]), ("All files", ["*"])]
            case .insertPDF: filters = [("PDF documents", ["*.pdf"]), ("All files", ["*"])]
            }
            chooser.ask(FileChooser.Request(id: id, title: request.title, saving: request.purpose == .saveDrawing || request.purpose == .export,
                                            suggestedName: request.suggestedName, filters: filters,
                                            folder: request.folder ?? FileChooser.picturesFolder))
        }
    }

    /// When the preferences were first seen changed since the last write.
    private var settingsChangedAt: Double?
    /// A change is written once it has rested this long (a held `]` or a slider dragged by the
    /// wheel writes once, not at every step).
    static let settingsDelay = 0.5

    /// Writes the settings (atomically) when the tool, a width, the recent colours, the touch
    /// mode or smoothing changed and have rested, once no pointer is down; `now` writes at once
    /// (the window is closing).
    private func saveSettingsIfChanged(now force: Bool = false) {
        // Nothing is written while a pointer is down: its lifting wakes the loop, which then
        // sees any change (no comparing on every motion event).
        if !force, controller.input.isPointerDown { return }
        let current = controller.brush.preferences
        guard current != savedPreferences else {
            settingsChangedAt = nil
            return
        }
        if settingsChangedAt == nil { settingsChangedAt = window.now }
        guard force || (!controller.input.isPointerDown && window.now - (settingsChangedAt ?? 0) >= Self.settingsDelay) else { return }
        savedPreferences = current
        settingsChangedAt = nil
        settings.take(current)
        try? settings.save()
    }

    private func paint() {
        let damage = controller.takeDamage()
        guard !damage.isEmpty else { return }
        let buffer = window.frame
        if buffer.generation != frameGeneration || buffer.size != frame.size {
            guard let next = try? Frame(wrapping: buffer.pixels, size: buffer.size, stride: buffer.stride) else { return }
            frame = next
            frameGeneration = buffer.generation
        }
        let presented = controller.render(into: frame, icons: icons, damage: damage)
        phases.mark(.render)
        window.present(presented)
        phases.mark(.present)
        frames += 1
        if frames == 1, stats {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let seconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
            FileHandle.standardError.write(Data("drawingboard: first frame presented at monotonic \(seconds)\n".utf8))
        }
    }
}
