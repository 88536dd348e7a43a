import GitHubSearchCore

// The search screen's previews, run as a program: no network, no test framework.
for line in await GitHubSearchDemo.run() {
  print(line)
}
