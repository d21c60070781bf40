import DrawingBoardCore

/// One input or window event, translated from SDL. Positions are in window pixels.
public enum PlatformEvent: Sendable {
    case pointer(PointerEvent)
    /// The mouse moved with no button held; nil when it left the window.
    case hover(Point?)
    /// A pen hovers over the window (sdl2-compat's mouse copy of it): it is near.
    case penHover(Point)
    /// A pen came into the tablet's range or left it (X11 and Wayland; sdl2-compat says nothing).
    case penProximity(near: Bool)
    /// A wheel or touchpad scroll, in notches (fractions from a touchpad's precise values);
    /// positive `dy` is away from the user, positive `dx` to the right.
    case scroll(dx: Double, dy: Double, at: Point, ctrl: Bool, shift: Bool)
    /// The middle button went down, moved or up: it moves the page.
    case middleDrag(PointerEvent.Phase, at: Point)
    /// Space went up (Space held turns a drag into moving the page).
    case spaceReleased
    case key(KeyInput)
    /// Shift or Alt went down or up: the shape helpers now held.
    case modifiers(ShapeModifiers)
    /// The window's size or pixel density changed.
    case resized
    /// The window lost the keyboard focus or was hidden.
    case focusLost
    /// Part of the window must be painted again (it was uncovered).
    case exposed
    /// The user closed the window.
    case quit
    /// The system asked the app to end (SIGTERM at logout, SIGINT, SIGHUP): it ends at once,
    /// without asking; unsaved work stays in the journal for the next start.
    case terminate
    /// A file was dropped on the window (where, when the platform can say).
    case droppedFile(String, at: Point?)
    /// Text typed while text input is on (keys, or what an input method committed).
    case textInput(String)
    /// What the input method is composing (empty when it stopped).
    case textEditing(String)
    /// A background task finished (a file chooser answered).
    case wake
}
