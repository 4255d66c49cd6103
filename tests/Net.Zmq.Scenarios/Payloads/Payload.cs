using System.Buffers.Binary;

namespace NetZmqTests.Scenarios.Payloads;

/// <summary>
/// Message contents: the first <see cref="SequenceBytes"/> bytes carry the sequence number (little-endian), the rest a
/// fixed-seed pseudo-random template, so every fault is visible and every run sends the same bytes.
/// </summary>
public static class Payload
{
    public const int SequenceBytes = sizeof(long);

    /// <summary>The template of <paramref name="size"/> bytes; <paramref name="pinned"/>, on the pinned object heap.
    /// </summary>
    public static byte[] CreateTemplate(int size, bool pinned = false)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(size, SequenceBytes);
        var bytes = GC.AllocateArray<byte>(size, pinned);
        // xorshift64 with a fixed seed: deterministic, cheap, and no byte pattern a transport could shortcut.
        ulong state = 0x9E3779B97F4A7C15UL;
        for (var i = SequenceBytes; i < size; i++)
        {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            bytes[i] = (byte)state;
        }

        return bytes;
    }

    public static void WriteSequence(Span<byte> payload, long sequence) =>
        BinaryPrimitives.WriteInt64LittleEndian(payload, sequence);

    public static long ReadSequence(ReadOnlySpan<byte> payload) =>
        BinaryPrimitives.ReadInt64LittleEndian(payload);

    /// <summary>The byte a corruption fault flips: past the sequence number, inside the template.</summary>
    public static int CorruptionOffset(int size) => size / 2;
}
