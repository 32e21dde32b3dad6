import Testing
@testable import lensd
