// The migration guide's aliases for a file that imports both frameworks, verbatim.
import ReactorFlow

typealias FlowReactor = ReactorFlow.Reactor
typealias FlowPulse = ReactorFlow.Pulse
