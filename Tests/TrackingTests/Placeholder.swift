import Testing
@testable import Tracking
