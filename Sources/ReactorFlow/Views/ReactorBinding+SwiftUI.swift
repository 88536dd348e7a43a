// Apple platforms only: Linux has no SwiftUI, so CI does not compile this file's contents.
#if canImport(SwiftUI)
  import SwiftUI

  extension ReactorBinding {
    /// The binding as SwiftUI's `Binding`, for controls.
    ///
    /// ```swift
    /// TextField("Name", text: model.binding(\.name, send: Action.setName).swiftUI)
    /// ```
    public var swiftUI: Binding<Value> {
      Binding(get: { self.value }, set: { self.value = $0 })
    }
  }
#endif
