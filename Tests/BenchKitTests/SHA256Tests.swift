import BenchKit
import Testing

@Suite struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func matchesTheFIPSVectors(message: String, digest: String) {
    #expect(SHA256.hexDigest(of: Array(message.utf8)) == digest)
  }

  @Test func paddingAcrossABlockBoundary() {
    // 55, 56 and 64 bytes exercise the three padding cases (one block, spill, full block).
    let digests = [55, 56, 64].map { SHA256.hexDigest(of: Array(repeating: 0x61, count: $0)) }
    #expect(digests[0] == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
    #expect(digests[1] == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    #expect(digests[2] == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
  }
}
