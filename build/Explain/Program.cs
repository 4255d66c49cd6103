using NetZmqTests.Orchestration.Explain;

// Prints, for each case id given, what the code says about it (CaseExplainer); --list prints every case id.
// Exit code: 0, or 2 when an argument is no case id or the repository cannot be found.
if (args.Length == 0)
{
    Console.Error.WriteLine("usage: dotnet run --project build/Explain -- <case id> [<case id> …] | --list");
    return 2;
}

if (args is ["--list"])
{
    foreach (var id in CaseExplainer.AllIds)
        Console.WriteLine(id);

    return 0;
}

// The repository is the folder with the solution, above this program wherever it was built.
var root = new DirectoryInfo(AppContext.BaseDirectory);
while (root is not null && !File.Exists(Path.Combine(root.FullName, "Net.Zmq.Tests.sln")))
    root = root.Parent;

if (root is null)
{
    Console.Error.WriteLine($"no Net.Zmq.Tests.sln above {AppContext.BaseDirectory}: run this from the repository's build/Explain");
    return 2;
}

var explainer = new CaseExplainer(root.FullName);
try
{
    foreach (var id in args)
    {
        Console.WriteLine(string.Join(Environment.NewLine, explainer.Explain(id).Lines));
        Console.WriteLine();
    }

    return 0;
}
catch (ArgumentException e)
{
    Console.Error.WriteLine(e.Message);
    return 2;
}
