import DrawingBoardRender

/// No edit fails silently: what the editor could not do is said in the banner, and the drawing
/// stays as it was.
extension AppController {
    /// Says in the banner why an edit could not be made.
    func showFailures() {
        for failure in editor.takeFailures() { show(error: "That could not be done: \(failure)") }
    }

    /// Runs an edit the user asked for; a failure is said in the banner.
    func attempt<T>(_ edit: () throws -> T) {
        do {
            _ = try edit()
        } catch {
            show(error: "That could not be done: \(error)")
        }
        showFailures()
    }
}
