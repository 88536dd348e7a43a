import TaskBoard

// The board's previews, run as a program: what each screen would show.
for line in try await TaskBoardPreviews.run() {
  print(line)
}
