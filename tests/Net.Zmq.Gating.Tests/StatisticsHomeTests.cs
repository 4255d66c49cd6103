using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// One formula per statistic: the sample variance, the standard error read from an interval, the interval of a mean,
/// the confidence level and bootstrap resampling are each defined in one file of Gating's Statistics, and a second
/// definition anywhere in the production sources fails here. Signatures are matched on the code's tokens, so comments
/// and layout neither hide nor fake one.
/// </summary>
public sealed class StatisticsHomeTests
{
    private const string Home = "tests/Net.Zmq.Gating/Statistics/";

    private sealed record Signature(string Name, string HomeFile, Regex Pattern);

    private static readonly Signature[] Signatures =
    [
        // (x - m) * (x - m), Square(x - m), Math.Pow(x - m, 2).
        new("sample variance", "SampleMoments.cs", new Regex(
            @"\(\s*(?<x>[\w.]+)\s*-\s*(?<m>[\w.]+)\s*\)\s*\*\s*\(\s*\k<x>\s*-\s*\k<m>\s*\)"
            + @"|Square\s*\(\s*[\w.]+\s*-\s*[\w.]+\s*\)|Math\s*\.\s*Pow\s*\([^;]*-[^;]*,\s*2\s*\)")),
        // A width divided by twice a normal quantile.
        new("standard error from an interval", "Distributions.cs", new Regex(
            @"/\s*\(\s*2(\.0)?\s*\*\s*[\w.]*(Z\d*|Quantile\w*)\s*\)")),
        // t × s ÷ √n in one expression.
        new("interval of a mean", "SampleMoments.cs", new Regex(@"StudentQuantile\w*\s*\([^;]*/\s*Math\s*\.\s*Sqrt\s*\(")),
        // Indexing a collection at a random index below its size: a draw with replacement.
        new("bootstrap resampling", "Bootstrap.cs", new Regex(
            @"\[\s*\w+\s*\.\s*Next\s*\(\s*[\w.]+\s*\.\s*(Count|Length)\s*\)\s*\]")),
    ];

    private const string ConfidenceLevel = "confidence level";

    /// <summary>Literals that are a confidence level or its quantiles: 95 %, 97.5 %, z (one-, two-sided), 2z.</summary>
    private static readonly double[] ConfidenceLiterals = [0.95, 0.975, 1.645, 1.96, 3.92];

    /// <summary>Files where a signature's text means something else, each with why.</summary>
    private static readonly Dictionary<(string File, string Signature), string> Allowed = new()
    {
        [("tests/Net.Zmq.Orchestration/Claims/PublishedClaims.cs", ConfidenceLevel)] =
            "0.95 there is a published claim's bound (0.95-1.05 ×), not a confidence level",
    };

    /// <summary>The statistics <paramref name="source"/> defines outside their home: "file: statistic".</summary>
    private static IEnumerable<string> Violations(string file, string source)
    {
        var tokens = CSharpSyntaxTree.ParseText(source).GetRoot().DescendantTokens().ToList();
        var code = string.Join(" ", tokens.Select(t => t.Text));
        var found = Signatures.Where(s => file != Home + s.HomeFile && s.Pattern.IsMatch(code)).Select(s => s.Name);
        var literal = tokens.Any(t => t.IsKind(SyntaxKind.NumericLiteralToken)
                                      && t.Value is double v && ConfidenceLiterals.Any(c => Math.Abs(v - c) < 1e-3));
        if (literal && file != Home + "Distributions.cs")
            found = found.Append(ConfidenceLevel);

        return found.Where(s => !Allowed.ContainsKey((file, s))).Select(s => $"{file}: {s}");
    }

    [Fact]
    public void EachStatistic_IsDefinedInItsHomeOnly()
    {
        var files = ProductionSources.WithTools()
            .Select(f => (File: ProductionSources.Relative(f), Text: File.ReadAllText(f)))
            .ToList();
        Assert.Contains(files, f => f.File == Home + "SampleMoments.cs");

        var found = files.SelectMany(f => Violations(f.File, f.Text)).ToList();

        Assert.True(found.Count == 0, "defined outside its home in " + Home + ":\n" + string.Join("\n", found));
    }

    /// <summary>Each signature trips on a second definition, and not in its home.</summary>
    [Theory]
    [InlineData("double V(double[] v, double m) => v.Sum(x => (x - m) * (x - m)) / (v.Length - 1);",
        "sample variance", "SampleMoments.cs")]
    [InlineData("double V(double[] v, double m) => v.Sum(x => Square(x - m));", "sample variance", "SampleMoments.cs")]
    [InlineData("double Se(double l, double u) => (Math.Log(u) - Math.Log(l)) / (2 * Z95);",
        "standard error from an interval", "Distributions.cs")]
    [InlineData("double H(double[] v, double s) => Distributions.StudentQuantile975(v.Length - 1) * s / Math.Sqrt(v.Length);",
        "interval of a mean", "SampleMoments.cs")]
    [InlineData("void R(double[] s, double[] t, Random r) { t[0] = s[r.Next(s.Length)]; }",
        "bootstrap resampling", "Bootstrap.cs")]
    [InlineData("const double Level = 0.95;", ConfidenceLevel, "Distributions.cs")]
    [InlineData("double Z => 1.6449;", ConfidenceLevel, "Distributions.cs")]
    [InlineData("double W(double se) => 3.92 * se;", ConfidenceLevel, "Distributions.cs")]
    public void TheRule_Trips(string member, string statistic, string home)
    {
        var source = $"class C\n{{\n    // (a - b) * (a - b), 0.95: comments do not count.\n    {member}\n}}\n";

        Assert.Equal([$"tests/Net.Zmq.Gating/Gates/Other.cs: {statistic}"], Violations("tests/Net.Zmq.Gating/Gates/Other.cs", source));
        Assert.Empty(Violations(Home + home, source));
    }

    /// <summary>A claim's bound of 0.95 is allowed in the file listed, and only there.</summary>
    [Fact]
    public void TheAllowance_IsForItsFileOnly()
    {
        const string source = "class C { bool W(double r) => r >= 0.95 && r <= 1.05; }";

        Assert.Empty(Violations("tests/Net.Zmq.Orchestration/Claims/PublishedClaims.cs", source));
        Assert.Single(Violations("tests/Net.Zmq.Orchestration/Claims/Other.cs", source));
    }

    [Fact]
    public void CodeWithoutAStatistic_IsNotNamed() =>
        Assert.Empty(Violations("tests/Net.Zmq.Gating/Gates/Other.cs",
            "class C { double F(double a, double b) => Math.Sqrt(a * a + b * b) / (a - b) * 0.05 + x[i]; }"));
}
