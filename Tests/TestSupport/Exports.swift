// Tests reach the loopback server through TestSupport.
@_exported import LoopbackHTTP
