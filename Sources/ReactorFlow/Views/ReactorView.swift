/// A view that binds to a reactor by hand: a UIKit view controller or cell, a terminal screen.
///
/// The view declares one stored property, ``reactorStorage``, and one method,
/// ``bind(reactor:)``. Setting ``reactor`` ends the observations of the previous reactor and calls
/// `bind(reactor:)` with the new one; setting `nil` only ends them. Every observation stored in
/// ``bag`` ends when the view is released, or when the reactor is, since an observation token does
/// not keep its reactor alive.
///
/// ```swift
/// final class ProfileViewController: UIViewController, ReactorView {
///   let reactorStorage = ReactorViewStorage<ProfileReactor>()
///
///   func bind(reactor: ProfileReactor) {
///     reactor.observe(\.username) { [weak self] in self?.nameLabel.text = $0 }.store(in: bag)
///     reactor.observe(\.isFollowing) { [weak self] in self?.followButton.isSelected = $0 }
///       .store(in: bag)
///     followButton.addAction(UIAction { [weak reactor] _ in reactor?.send(.toggleFollow) }, for: .primaryActionTriggered)
///   }
/// }
///
/// viewController.reactor = ProfileReactor(userID: 42)
/// ```
///
/// Like ReactorKit's `View`, the view keeps its reactor alive; capture the view weakly in the
/// observers (as above) so that the reactor does not keep the view alive.
@MainActor
public protocol ReactorView: AnyObject {
  /// The type of the reactor the view binds to.
  associatedtype ViewReactor: Reactor

  /// The view's storage for its reactor and its observations: declare it as
  /// `let reactorStorage = ReactorViewStorage<MyReactor>()`.
  var reactorStorage: ReactorViewStorage<ViewReactor> { get }

  /// Binds the view to a reactor: observe its state into the view's controls, storing each token
  /// in ``bag``, and send its actions from the controls. Called each time ``reactor`` is set to a
  /// reactor.
  /// - Parameter reactor: The new reactor.
  func bind(reactor: ViewReactor)
}

extension ReactorView {
  /// The reactor the view is bound to. Setting it ends every observation in ``bag``, then calls
  /// ``bind(reactor:)`` with the new reactor unless it is `nil`.
  public var reactor: ViewReactor? {
    get { reactorStorage.reactor }
    set {
      reactorStorage.replace(with: newValue)
      if let newValue { bind(reactor: newValue) }
    }
  }

  /// The bag for the current reactor's observations: emptied when the reactor is replaced,
  /// released with the view.
  public var bag: ObservationBag { reactorStorage.bag }
}
