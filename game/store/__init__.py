"""The player's files and what is kept in them: the saved game and its session, game
files and finished games, statistics, settings, who owns the data folder, the winnable
deals found here, and the dates the files are named by. No pygame and no view here: the
command line and the tests use these as the game does."""
