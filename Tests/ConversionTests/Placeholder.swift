import Testing
@testable import Conversion
