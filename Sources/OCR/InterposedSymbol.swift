import Foundation

/// A C symbol that lensd defines in place of a shared library's, looked up with `dlsym`.
///
/// The dynamic linker resolves a library's calls through its PLT to the first definition in the
/// process, the executable's before any library's. ``nextDefinition`` is the library's own
/// (`dlsym(RTLD_NEXT, name)`), to forward the calls lensd does not handle to.
struct InterposedSymbol {
    let name: String

    /// The definition after the executable's: the library's own (`RTLD_NEXT` is -1 in glibc).
    var nextDefinition: UnsafeMutableRawPointer? {
        dlsym(UnsafeMutableRawPointer(bitPattern: -1), name)
    }

    /// The process's definition, as libraries find it (`dlsym(RTLD_DEFAULT, name)`).
    var definition: UnsafeMutableRawPointer? {
        dlsym(nil, name)
    }

    /// Whether the process's definition, as libraries find it (`dlsym(RTLD_DEFAULT, name)`), is `own`.
    func resolves(to own: Int) -> Bool {
        definition.map(Int.init(bitPattern:)) == own
    }
}
