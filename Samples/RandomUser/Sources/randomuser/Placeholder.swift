// Placeholder so the package loads before the CLI lands; delete it when the CLI's @main file is added.
