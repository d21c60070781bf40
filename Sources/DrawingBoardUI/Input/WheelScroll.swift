import DrawingBoardCore
import Foundation

/// What a wheel or touchpad scroll does where the pointer is: it turns the shortcuts sheet's
/// pages, scrolls the page sidebar, nudges a slider, and over the page zooms (Ctrl) or scrolls
/// it (sideways with Shift).
struct WheelScroll {
    unowned let app: AppController

    /// `dx`, `dy`: notches, or fractions of one from a touchpad.
    func scroll(dx: Double, dy: Double, at p: Point, ctrl: Bool, shift: Bool) {
        let layout = app.layout()
        if app.chrome.sheet == .shortcuts, dy != 0 { return app.chrome.sheets.turnShortcuts(by: dy < 0 ? 1 : -1) }
        if let sidebar = layout.sidebar, sidebar.contains(p) {
            // As the page scrolls: the wheel turned down moves the list up, to later pages.
            return app.pages.sidebar.scroll(by: -dy * 48 * app.scale)
        }
        switch layout.hit(p) {
        case .control(.slider(let kind)):
            let steps = dy.magnitude >= 1 ? Int(dy.rounded()) : (dy > 0 ? 1 : dy < 0 ? -1 : 0)
            app.brush.setSlider(kind, to: app.brush.value(of: kind) + steps)
            app.editor.endBackgroundPreview()
        case .canvas, .control(.addPage):
            // (The add-page button lies on the desk: the wheel scrolls over it as around it.)
            if !ctrl, app.instruments.scroll(dy: dy, at: p, shift: shift) { return }
            if ctrl {
                app.viewport.zoom(by: pow(1.25, dy), about: p)
            } else {
                let step = 48 * app.scale
                if shift { app.viewport.pan(dx: dy * step, dy: -dx * step) } else { app.viewport.pan(dx: -dx * step, dy: dy * step) }
            }
        default: break
        }
    }
}

extension InputRouter {
    /// A wheel or touchpad scroll of `dx`, `dy` notches (fractions from a touchpad): over a
    /// slider it nudges the slider; over the page, Ctrl zooms about the pointer, Shift scrolls
    /// sideways, over the ruler it turns it, and otherwise it scrolls.
    public func scroll(dx: Double = 0, dy: Double, at p: Point, ctrl: Bool = false, shift: Bool = false) {
        WheelScroll(app: app).scroll(dx: dx, dy: dy, at: p, ctrl: ctrl, shift: shift)
    }

    /// A mouse wheel's whole notches (Ctrl: zoom).
    public func wheel(_ steps: Int, at p: Point, zoom: Bool = false) { scroll(dy: Double(steps), at: p, ctrl: zoom) }
}
