using System.Security.Cryptography;
using System.Text.RegularExpressions;

namespace NetZmqTests.Gating.Platform;

/// <summary>
/// Where things lay on one machine: a fingerprint says what was loaded, never where, so that baselines and reports
/// compare equal across clones.
/// </summary>
public static partial class MachinePaths
{
    public const string Replacement = "a local folder";

    /// <summary>
    /// An absolute path of two segments or more under the places machines keep users', build agents' and packages'
    /// files, or any drive-letter path; not /dev/null, /proc, placeholders (/path/to) or slashes inside words.
    /// </summary>
    [GeneratedRegex(@"(?<![\w.~:/\\-])(?:[A-Za-z]:[\\/]|/(?=(?:home|Users|work|tmp|root|opt|mnt|var|srv|usr|lib|"
                    + @"lib64|etc|runner|github|builds|agent|data|clones|Volumes|private|workspace)/))"
                    + @"[\w.@+-]+(?:[\\/][\w.@+-]+)+[\\/]?")]
    private static partial Regex AbsolutePath();

    public static IReadOnlyList<string> In(string text) => [.. AbsolutePath().Matches(text).Select(m => m.Value)];

    public static string Without(string text) => AbsolutePath().Replace(text, Replacement);

    /// <summary>A file as a fingerprint names it: its name and the first 12 hex digits of its SHA-256.</summary>
    public static string Identify(string path)
    {
        using var file = File.OpenRead(path);
        return $"{Path.GetFileName(path)} sha256 {Convert.ToHexStringLower(SHA256.HashData(file))[..12]}";
    }
}
