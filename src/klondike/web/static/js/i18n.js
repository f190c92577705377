// Every visible string, one table per language. German uses the app's own words.
//
// t(key, params) looks a key up in the current language and fills {name} placeholders;
// reasonText(reason, params, message) words a refusal of the engine or the server: the
// server's English message, or in German the reason's text with its params (cards, piles)
// translated too.

const STORE_KEY = "klondike.lang";

const RANK_WORDS = {
  en: {
    A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", T: "ten", J: "jack", Q: "queen", K: "king",
  },
  de: {
    A: "Ass", 2: "Zwei", 3: "Drei", 4: "Vier", 5: "Fünf", 6: "Sechs", 7: "Sieben",
    8: "Acht", 9: "Neun", T: "Zehn", J: "Bube", Q: "Dame", K: "König",
  },
};

const SUIT_WORDS = {
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  de: { S: "Pik", H: "Herz", D: "Karo", C: "Kreuz" },
};

/** The rank letters a card shows in its corner, per language (German: B, D, K). */
export const RANK_LABELS = {
  en: { A: "A", T: "10", J: "J", Q: "Q", K: "K" },
  de: { A: "A", T: "10", J: "B", Q: "D", K: "K" },
};

const TABLES = {
  en: {
    title: "Klondike Solitaire",
    new_game: "New game",
    undo: "Undo",
    redo: "Redo",
    restart: "Restart",
    restart_long: "Restart this deal",
    statistics: "Statistics",
    language: "Language",
    game_code: "Game code",
    copy_code: "Copy the game code",
    share_link: "Copy a share link",
    code_copied: "Game code {code} copied",
    link_copied: "Share link copied",
    link_in_play: "{code} is the deal you are playing: carry on",
    copy_failed: "Could not copy: {text}",
    score: "Score",
    moves: "Moves",
    time: "Time",
    // the new game dialog
    new_game_title: "New game",
    draw: "Cards per draw",
    draw1: "Easy",
    draw1_hint: "Draw 1",
    draw3: "Hard",
    draw3_hint: "Draw 3",
    scoring: "Scoring",
    normal: "Normal",
    vegas: "Vegas",
    code_field: "Game code (optional)",
    code_placeholder: "e.g. KL1-D1N-AAAAAAG",
    code_hint: "A code restores a deal with its version, draw count and scoring.",
    // the versions (seeds 000, 003, 004)
    version: "Version",
    rules_app: "Klondike",
    rules_app_hint: "This app's rules: Normal or Vegas scoring; cards may come back from a foundation.",
    rules_classic: "Classic",
    rules_classic_hint:
      "No score; no card leaves a foundation; when the stock runs out the set-aside cards are shuffled.",
    rules_solitaer: "Solitär",
    rules_solitaer_hint:
      "Draw 3, no score; three cards lie face up at the start; Aces go up by themselves; a right click turns the next three cards.",
    mode_version: "{rules} · {draw}",
    start: "Start",
    cancel: "Cancel",
    close: "Close",
    ok: "OK",
    // confirmations
    confirm_title: "Leave this game?",
    confirm_new: "The game in progress is not finished. Start a new game? It counts as abandoned.",
    confirm_restart: "Restart this deal from the beginning? The game in progress counts as abandoned.",
    confirm_link: "Open the shared deal {code}? The game in progress is not finished and counts as abandoned.",
    confirm_replay: "Replay deal {code}? The game in progress is not finished and counts as abandoned.",
    confirm_reset: "Reset all statistics? The history of recent games stays.",
    reset_yes: "Reset",
    leave_yes: "Yes, leave it",
    // win screen
    won_title: "You won!",
    heading: "Klondike Solitaire",
    finish: "Finish",
    finish_title: "Play the rest onto the foundations",
    settings: "Settings",
    settings_title: "Settings",
    set_card_back: "Card back",
    back_blue: "Blue",
    back_red: "Red",
    back_green: "Green",
    set_table: "Table colour",
    table_green: "Green",
    table_blue: "Blue",
    table_wine: "Wine red",
    set_speed: "Animation",
    speed_normal: "Normal",
    speed_fast: "Fast",
    speed_off: "Off",
    set_sound: "Sound",
    set_left_handed: "Left-handed (stock and waste on the right)",
    set_finish: "Show the Finish button",
    set_hints: "Hints",
    set_hints_peek: "Hints may look at face-down cards",
    set_four_colours: "Four-colour deck (♦ blue, ♣ green)",
    set_large_indices: "Large card corners",
    set_auto_safe: "Move safe cards to the foundations by themselves",
    hint_fair: "Chosen from what you can see: it wins in {wins} of {samples} layouts you cannot tell apart.",
    hint_peeked: "(This hint looked at the face-down cards.)",
    set_gauge: "Show how many hidden layouts are still winnable",
    set_tap_where_it_fits: "One tap moves a card where it fits (else: to its foundation only)",
    set_cascade: "Cards cascade after a win",
    cascade_short: "Short",
    cascade_long: "Long",
    cascade_none: "None",
    skip_touch: "Tap to skip",
    skip_mouse: "Click or press a key to skip",
    gauge: "Winnable",
    gauge_computing: "Counting the layouts you cannot tell apart that can still be won…",
    gauge_figure: "{percent}%",
    gauge_at_least: "≥{percent}%",
    gauge_word_sure: "sure",
    gauge_word_likely: "likely",
    gauge_word_maybe: "maybe",
    gauge_word_unlikely: "unlikely",
    gauge_word_lost: "lost",
    gauge_long: "Chance of a win from what you can see: {figure}, {word}.",
    gauge_partial: "Chance of a win from what you can see: {figure} so far…",
    gauge_details:
      "Won in {wins} of {samples} layouts you cannot tell apart ({unknown} not decided).",
    settings_saved: "Settings saved",
    play_again: "Play again",
    // statistics
    stats_title: "Statistics",
    mode_d1n: "Draw 1 · Normal",
    mode_d3n: "Draw 3 · Normal",
    mode_d1v: "Draw 1 · Vegas",
    mode_d3v: "Draw 3 · Vegas",
    st_figure: "Statistic",
    st_played: "Played",
    st_won: "Won",
    st_win_rate: "Win rate",
    st_current_streak: "Current streak",
    st_longest_streak: "Longest streak",
    st_best_score: "Best score (any game)",
    st_fastest_win: "Fastest win",
    st_fewest_moves: "Fewest moves",
    st_perfect_wins: "Perfect wins (no undo, no hint)",
    st_hints: "Hints taken",
    st_fair_hints: "– from what you can see",
    st_peeked_hints: "– looking at face-down cards",
    daily_title: "Daily deals",
    daily_played: "Days played",
    daily_won: "Days won",
    no_daily: "No daily deal played yet.",
    st_vegas_balance: "Vegas balance",
    recent_title: "Recent games",
    col_date: "Date",
    col_code: "Code",
    col_mode: "Mode",
    col_result: "Result",
    result_won: "won",
    result_abandoned: "abandoned",
    result_playing: "playing",
    replay: "Replay",
    replay_label: "Replay {code}",
    review: "Review",
    review_label: "Review game {code}",
    review_last: "Review the game just left",
    review_title: "Review",
    review_progress_verdicts: "Knowing every card: {done} of {total} positions",
    review_progress_shares: "From what you could see: move {move} of {moves}",
    review_moves_one: "{count} move",
    review_moves_other: "{count} moves",
    review_hints_one: "{count} hint taken",
    review_hints_other: "{count} hints taken",
    review_undos_one: "{count} undo",
    review_undos_other: "{count} undos",
    review_accuracy: "accuracy {accuracy}%",
    review_class_best: "best",
    review_class_good: "good",
    review_class_inaccuracy: "inaccuracy",
    review_class_mistake: "mistake",
    review_class_blunder: "blunder",
    review_count_inaccuracy_one: "{count} inaccuracy",
    review_count_inaccuracy_other: "{count} inaccuracies",
    review_count_mistake_one: "{count} mistake",
    review_count_mistake_other: "{count} mistakes",
    review_count_blunder_one: "{count} blunder",
    review_count_blunder_other: "{count} blunders",
    review_clean: "no inaccuracy, mistake or blunder",
    review_won: "Won: nothing was lost.",
    review_lost_at: "Knowing every card, the win was lost at move {n} ({move}).",
    review_lost_seen: "Knowing every card, the win was lost at move {n} ({move}); what you could see showed it too: a {class}.",
    review_lost_unseen: "Knowing every card, the win was lost at move {n} ({move}), but nothing you could see said so.",
    review_why_unseen: "The card it needed lay face down.",
    review_why_unseen_card: "The card it needed, the {card}, lay face down.",
    review_why_took: "The {card} took the {target}, which the {needed} needed.",
    review_why_took_empty: "The {card} took the last empty column, which the {needed} needed.",
    review_why_home: "The {card} went to its foundation, but the {needed} needed to go on it.",
    review_why_passed: "It covered the {card} on the waste, which the better line played.",
    review_why_emptied: "It emptied column {column} with no king left to fill it.",
    review_why_turned: "The better move turned up a card in column {column}.",
    review_why_other: "The better move: {move}.",
    review_better: "better: {move} ({share} of the layouts, this move {played})",
    review_practice: "Try again from before move {n}",
    practice_mark: "practice",
    review_axis_moves: "move",
    review_axis_chance: "chance of a win",
    review_legend_chance: "chance of a win",
    review_legend_lost: "win lost (knowing every card)",
    review_lost_between: "Knowing every card, the win was lost between moves {a} and {b}.",
    review_never: "Knowing every card, this deal could never be won.",
    review_still: "Knowing every card, it could still be won when it was left.",
    review_undecided: "Knowing every card: not decided in time.",
    review_chart_title: "From what you could see",
    review_chart_label: "Chance of a win by what you could see, move by move: {first}% at the start, {last}% at the end. Marked moves: {mistakes}.",
    review_none: "none",
    review_prev: "Previous step",
    review_next: "Next step",
    review_slider: "Step",
    review_show_line: "Show the winning line",
    review_show_game: "Back to the game",
    review_start: "The deal, before the first move.",
    review_after: "After move {n} of {count}: {move}. Knowing every card: {verdict}.",
    review_share: "Fair share: {share}.",
    review_verdict_winnable: "could be won",
    review_verdict_unwinnable: "lost",
    review_verdict_unknown: "not decided",
    review_line_start: "The winning line, from the position after move {n}.",
    review_line_step: "Winning line, step {n} of {count}: {move}.",
    review_moves_title: "Moves",
    review_draw: "Draw ({cards})",
    review_recycle: "Turn the waste over",
    review_lost_mark: "the win was lost here",
    review_face_down: "face down",
    review_table_label: "The table at this step, every card shown",
    no_games: "No games yet.",
    reset_stats: "Reset statistics",
    stats_reset_done: "Statistics reset",
    // the table
    stock_label: "stock, {count} cards",
    stock_label_one: "stock, 1 card",
    stock_empty: "stock, empty",
    stock_empty_recycle: "stock, empty: tap to turn the waste over",
    stock_empty_done: "stock, empty: no more passes",
    waste_label: "waste, {count} cards",
    waste_label_one: "waste, 1 card",
    waste_empty: "waste, empty",
    foundation_label: "foundation {n}, {suit}",
    foundation_empty: "foundation {n}, {suit}, empty",
    column_label: "column {n}",
    column_empty: "column {n}, empty",
    column_cards: "column {n}, {down} face-down, {up} face-up",
    face_down: "face-down card",
    card_in: "{card}, {pile}",
    card_name: "{rank} of {suit}",
    pile_S: "stock",
    pile_W: "waste",
    pile_F: "foundation {n}",
    pile_T: "column {n}",
    played: "{move}",
    picked: "{card} picked up: choose a pile and press Enter, Escape cancels",
    drop_cancelled: "Move cancelled",
    help_keys:
      "Keys: arrows move between piles and cards · Enter/Space tap · D double tap · " +
      "M pick up and put down · U undo · Ctrl+Y redo · N new game · H hint",
    keys_title: "Keyboard",
    no_more_passes: "no more passes",
    redeal: "turn the waste over",
    // server and network
    outage_title: "The game's server does not answer",
    outage_text: "Start it on your computer: run the command klondike (or make run in its folder). This page carries on by itself as soon as the server answers.",
    server_error: "The server had a problem",
    hint: "Hint",
    hint_title: "Hint: the next move to try (H)",
    hint_thinking: "Looking for a good move…",
    hint_none: "No move is left.",
    hint_finish: "Finish wins.",
    hint_finish_details: "Finish wins from here, whatever order the unseen stock lies in.",
    hint_stock: "Turn the stock.",
    hint_move: "Move {card} to {target}.",
    hint_more: "Why?",
    hint_chance_sure: "It almost surely wins.",
    hint_chance_likely: "Likely to win.",
    hint_chance_even: "It may win.",
    hint_chance_long: "A long shot.",
    hint_chance_none: "Nothing better is left.",
    hint_winning: "It leads to a win.",
    hint_winning_details: "The solver found a line that wins from here.",
    hint_unwinnable: "It helps most.",
    hint_unwinnable_details: "The solver finds no way to win from here any more; this move helps most.",
    hint_unknown: "It helps most.",
    hint_unknown_details: "The solver found no winning line in time; this move helps most.",
    hint_end_no_win: "Nothing you can see leads to a win any more.",
    hint_end_no_win_peeked: "No line wins from here any more.",
    hint_end_no_win_details: "No layout you cannot tell apart can still be won from here.",
    hint_end_no_new_move: "Every move leads back to where you have been.",
    hint_end_no_new_move_peeked: "Every move leads back to where you have been.",
    hint_end_no_new_move_details: "Each move leads to a position you have played already, knowing what you know now.",
    hint_end_lucky_shuffle: "Only a lucky shuffle can help: turn the stock over.",
    hint_end_lucky_shuffle_details: "Every other move leads back; a new shuffle of the stock may bring the card you need.",
    hint_back_one: "Undo {count} move",
    hint_back_other: "Undo {count} moves",
    winnable_only: "Winnable deals only",
    // deals by difficulty (klondike.tiers): the choice, the mark, the figures, the waits
    difficulty: "Difficulty",
    tier_any: "Any",
    tier_easy: "Easy",
    tier_medium: "Medium",
    tier_hard: "Hard",
    tier_expert: "Expert",
    tier_label: "Difficulty: ",
    st_tier: "{tier} deals: won / played",
    wait_seconds_one: "{count} second",
    wait_seconds_other: "{count} seconds",
    wait_minutes_one: "{count} minute",
    wait_minutes_other: "{count} minutes",
    wait_left: "about {wait} to go",
    wait_moment: "a few more seconds",
    tier_finding: "Finding your {tier} deal… {left}.",
    tier_finding_daily: "Finding the {tier} daily deal of {day}… {left}.",
    tier_play_on: "Play on meanwhile",
    tier_ready: "Your {tier} deal is ready.",
    tier_ready_daily: "The {tier} daily deal of {day} is ready.",
    tier_ready_start: "Start it",
    tier_none: "No {tier} deal was found for this mode. Choose another difficulty.",
    tier_none_daily: "No {tier} daily deal was found for {day}. Choose another difficulty.",
    daily_deal: "Daily deal",
    proving: "Looking for a deal the solver can win…",
    proved: "Proved winnable in {seconds} s ({states} positions).",
    proved_shipped: "A winnable deal, rated {tier}.",
    daily_started: "The daily deal of {day}.",
    // the Daily dialog and the table's mark
    daily: "Daily",
    daily_button_title: "Daily deal: a calendar of the month's deals",
    daily_deal_open: "Daily deal…",
    daily_about: "One deal a day for each mode, the same for everyone, and winnable. Past days can be played too.",
    daily_prev: "Previous month",
    daily_next: "Next month",
    daily_play: "Play {day}",
    daily_pick: "Choose a day",
    daily_finding: "Finding the day's deal…",
    daily_mark: "Daily · {day}",
    day_won: "won",
    day_played: "played",
    day_playing: "in progress",
    day_today: "today",
    // How to play (docs/rules.md; seeds 000, 003, 004)
    how_to_play: "How to play",
    howto_ok: "Got it",
    howto_goal: "Build each suit on its foundation, from the Ace up to the King. The game is won when all 52 cards are there.",
    howto_moves: "On the seven columns, build down in alternating colours (a red 7 on a black 8); a face-up card moves with the cards on it. Only a King fills an empty column. Tap the stock to turn cards onto the waste; tap, double-tap or drag a card to play it.",
    howto_draw: "Draw",
    howto_recycle: "Recycles",
    howto_scoring: "Scoring",
    howto_undo: "Undo",
    howto_app_draw: "Draw 1 (Easy) or Draw 3 (Hard); only the waste's top card plays.",
    howto_app_recycle: "Normal: the waste goes back into the stock as often as you like, −100 points each time. Vegas: one pass through the stock only.",
    howto_app_scoring: "Normal: +10 for a card on a foundation, +5 for a waste card onto a column, +5 for a card turned up; never below 0. Vegas: start at −$52, +$5 for each card on a foundation.",
    howto_app_undo: "The last 100 actions, with their points. A foundation's top card may come back onto a column.",
    howto_classic_draw: "Draw 1 or Draw 3; only the waste's top card plays.",
    howto_classic_recycle: "As often as you like: when the stock runs out, the set-aside cards are shuffled into a new stock.",
    howto_classic_scoring: "No score: your moves and time count.",
    howto_classic_undo: "The last 100 actions. No card leaves a foundation.",
    howto_solitaer_draw: "Draw 3 only; three cards lie face up beside the stock at the start. A right click on the table draws too.",
    howto_solitaer_recycle: "As often as you like, in the same order.",
    howto_solitaer_scoring: "No score: your moves and time count. An Ace goes up to its foundation by itself.",
    howto_solitaer_undo: "The last 100 actions. Cards may come back from a foundation, but not an Ace.",
    howto_more: "Stuck? The bulb button gives a hint. Once the rest is sure to win, Finish plays it out.",
  },
  de: {
    title: "Klondike Solitär",
    new_game: "Neue Partie",
    undo: "Rückgängig",
    redo: "Wiederholen",
    restart: "Neu starten",
    restart_long: "Diese Partie neu starten",
    statistics: "Statistik",
    language: "Sprache",
    game_code: "Partiecode",
    copy_code: "Partiecode kopieren",
    share_link: "Link zum Teilen kopieren",
    code_copied: "Partiecode {code} kopiert",
    link_copied: "Link zum Teilen kopiert",
    link_in_play: "{code} ist die Partie, die du spielst: spiel weiter",
    copy_failed: "Kopieren nicht möglich: {text}",
    score: "Punkte",
    moves: "Züge",
    time: "Zeit",
    new_game_title: "Neue Partie",
    draw: "Karten pro Aufdecken",
    draw1: "Leicht",
    draw1_hint: "Ziehen 1",
    draw3: "Schwer",
    draw3_hint: "Ziehen 3",
    scoring: "Wertung",
    normal: "Normal",
    vegas: "Vegas",
    code_field: "Partiecode (optional)",
    code_placeholder: "z. B. KL1-D1N-AAAAAAG",
    code_hint: "Ein Partiecode stellt ein Spiel mit Version, Kartenzahl und Wertung wieder her.",
    // die Versionen (Seeds 000, 003, 004), in den Worten ihrer Regelseiten
    version: "Version",
    rules_app: "Klondike",
    rules_app_hint:
      "Die Regeln dieser App: Wertung Normal oder Vegas; Karten dürfen vom Zielstapel zurück.",
    rules_classic: "Classic",
    rules_classic_hint:
      "Ohne Wertung; keine Karte verlässt einen Zielstapel; ist der Talon aufgebraucht, werden die Karten des Ablagestapels gemischt.",
    rules_solitaer: "Solitär",
    rules_solitaer_hint:
      "Ziehen 3, ohne Wertung; rechts neben dem Talon liegen bereits drei Karten offen; ein As wandert automatisch auf seinen Zielstapel; ein Rechtsklick wendet die nächsten drei Karten.",
    mode_version: "{rules} · {draw}",
    start: "Starten",
    cancel: "Abbrechen",
    close: "Schließen",
    ok: "OK",
    confirm_title: "Partie verlassen?",
    confirm_new:
      "Die laufende Partie ist nicht beendet. Neue Partie starten? Sie zählt als abgebrochen.",
    confirm_restart:
      "Diese Partie von vorn beginnen? Die laufende Partie zählt als abgebrochen.",
    confirm_link:
      "Die geteilte Partie {code} öffnen? Die laufende Partie ist nicht beendet und zählt als abgebrochen.",
    confirm_replay:
      "Partie {code} noch einmal spielen? Die laufende Partie ist nicht beendet und zählt als abgebrochen.",
    confirm_reset: "Die ganze Statistik zurücksetzen? Die Liste der letzten Partien bleibt.",
    reset_yes: "Zurücksetzen",
    leave_yes: "Ja, verlassen",
    won_title: "Gewonnen!",
    heading: "Klondike Solitär",
    finish: "Fertig spielen",
    finish_title: "Den Rest ablegen",
    settings: "Einstellungen",
    settings_title: "Einstellungen",
    set_card_back: "Kartenrücken",
    back_blue: "Blau",
    back_red: "Rot",
    back_green: "Grün",
    set_table: "Tischfarbe",
    table_green: "Grün",
    table_blue: "Blau",
    table_wine: "Weinrot",
    set_speed: "Animation",
    speed_normal: "Normal",
    speed_fast: "Schnell",
    speed_off: "Aus",
    set_sound: "Ton",
    set_left_handed: "Linkshänder (Talon und Ablagestapel rechts)",
    set_finish: "Knopf „Fertig spielen“ zeigen",
    set_hints: "Tipps",
    set_hints_peek: "Tipps dürfen verdeckte Karten ansehen",
    set_four_colours: "Vierfarbiges Blatt (♦ blau, ♣ grün)",
    set_large_indices: "Große Eckzeichen",
    set_auto_safe: "Sichere Karten von selbst auf die Zielstapel legen",
    hint_fair: "Aus dem Sichtbaren gewählt: gewinnt in {wins} von {samples} Verteilungen, die nicht zu unterscheiden sind.",
    hint_peeked: "(Dieser Tipp hat die verdeckten Karten angesehen.)",
    set_gauge: "Anzeigen, wie viele verdeckte Verteilungen noch gewinnbar sind",
    set_tap_where_it_fits: "Ein Tippen legt eine Karte dorthin, wo sie passt (sonst nur auf ihren Zielstapel)",
    set_cascade: "Kartenkaskade nach dem Sieg",
    cascade_short: "Kurz",
    cascade_long: "Lang",
    cascade_none: "Keine",
    skip_touch: "Tippen zum Überspringen",
    skip_mouse: "Klicken oder eine Taste drücken zum Überspringen",
    gauge: "Gewinnbar",
    gauge_computing: "Zähle die nicht unterscheidbaren Verteilungen, die noch gewinnbar sind…",
    gauge_figure: "{percent} %",
    gauge_at_least: "≥{percent} %",
    gauge_word_sure: "sicher",
    gauge_word_likely: "wahrscheinlich",
    gauge_word_maybe: "vielleicht",
    gauge_word_unlikely: "unwahrscheinlich",
    gauge_word_lost: "verloren",
    gauge_long: "Gewinnchance nach dem, was zu sehen ist: {figure}, {word}.",
    gauge_partial: "Gewinnchance nach dem, was zu sehen ist: bisher {figure}…",
    gauge_details:
      "Gewonnen in {wins} von {samples} nicht unterscheidbaren Verteilungen ({unknown} nicht entschieden).",
    settings_saved: "Einstellungen gespeichert",
    play_again: "Noch einmal",
    stats_title: "Statistik",
    mode_d1n: "Leicht · Normal",
    mode_d3n: "Schwer · Normal",
    mode_d1v: "Leicht · Vegas",
    mode_d3v: "Schwer · Vegas",
    st_figure: "Kennzahl",
    st_played: "Gespielt",
    st_won: "Gewonnen",
    st_win_rate: "Gewinnquote",
    st_current_streak: "Aktuelle Serie",
    st_longest_streak: "Längste Serie",
    st_best_score: "Beste Punktzahl (alle Spiele)",
    st_fastest_win: "Schnellster Sieg",
    st_fewest_moves: "Wenigste Züge",
    st_perfect_wins: "Perfekte Siege (ohne Rückgängig, ohne Tipp)",
    st_hints: "Genommene Tipps",
    st_fair_hints: "– aus dem Sichtbaren",
    st_peeked_hints: "– mit Blick auf verdeckte Karten",
    daily_title: "Spiele des Tages",
    daily_played: "Tage gespielt",
    daily_won: "Tage gewonnen",
    no_daily: "Noch kein Spiel des Tages gespielt.",
    st_vegas_balance: "Vegas-Kontostand",
    recent_title: "Letzte Partien",
    col_date: "Datum",
    col_code: "Code",
    col_mode: "Modus",
    col_result: "Ergebnis",
    result_won: "gewonnen",
    result_abandoned: "abgebrochen",
    result_playing: "läuft",
    replay: "Nachspielen",
    replay_label: "{code} nachspielen",
    review: "Analyse",
    review_label: "Analyse der Partie {code}",
    review_last: "Die eben verlassene Partie analysieren",
    review_title: "Analyse",
    review_progress_verdicts: "Mit allen Karten: {done} von {total} Stellungen",
    review_progress_shares: "Mit dem, was zu sehen war: Zug {move} von {moves}",
    review_moves_one: "{count} Zug",
    review_moves_other: "{count} Züge",
    review_hints_one: "{count} Tipp genommen",
    review_hints_other: "{count} Tipps genommen",
    review_undos_one: "{count}-mal zurückgenommen",
    review_undos_other: "{count}-mal zurückgenommen",
    review_accuracy: "Genauigkeit {accuracy} %",
    review_class_best: "bester Zug",
    review_class_good: "gut",
    review_class_inaccuracy: "Ungenauigkeit",
    review_class_mistake: "Fehler",
    review_class_blunder: "grober Fehler",
    review_count_inaccuracy_one: "{count} Ungenauigkeit",
    review_count_inaccuracy_other: "{count} Ungenauigkeiten",
    review_count_mistake_one: "{count} Fehler",
    review_count_mistake_other: "{count} Fehler",
    review_count_blunder_one: "{count} grober Fehler",
    review_count_blunder_other: "{count} grobe Fehler",
    review_clean: "keine Ungenauigkeit, kein Fehler",
    review_won: "Gewonnen: nichts wurde verspielt.",
    review_lost_seen: "Mit allen Karten gesehen wurde der Sieg mit Zug {n} verspielt ({move}); auch was zu sehen war, zeigte es: {class}.",
    review_lost_unseen: "Mit allen Karten gesehen wurde der Sieg mit Zug {n} verspielt ({move}), doch nichts, was zu sehen war, zeigte es.",
    review_why_unseen: "Die Karte, die er brauchte, lag verdeckt.",
    review_why_unseen_card: "Die Karte, die er brauchte ({card}), lag verdeckt.",
    review_why_took: "{card} nahm den Platz auf {target}, den {needed} brauchte.",
    review_why_took_empty: "{card} nahm die letzte freie Spalte, die {needed} brauchte.",
    review_why_home: "{card} ging auf den Zielstapel, doch {needed} sollte darauf.",
    review_why_passed: "Er verdeckte {card} auf dem Ablagestapel, die der bessere Weg spielte.",
    review_why_emptied: "Er leerte Spalte {column}, und kein König war mehr da, sie zu füllen.",
    review_why_turned: "Der bessere Zug deckte eine Karte in Spalte {column} auf.",
    review_why_other: "Der bessere Zug: {move}.",
    review_better: "besser: {move} ({share} der Auslagen, dieser Zug {played})",
    review_practice: "Noch einmal ab vor Zug {n}",
    practice_mark: "Übung",
    review_axis_moves: "Zug",
    review_axis_chance: "Gewinnchance",
    review_legend_chance: "Gewinnchance",
    review_legend_lost: "Sieg verspielt (mit allen Karten)",
    review_lost_at: "Mit allen Karten gesehen wurde der Sieg mit Zug {n} verspielt ({move}).",
    review_lost_between: "Mit allen Karten gesehen wurde der Sieg zwischen Zug {a} und {b} verspielt.",
    review_never: "Mit allen Karten gesehen war dieses Spiel nie zu gewinnen.",
    review_still: "Mit allen Karten gesehen war es beim Verlassen noch zu gewinnen.",
    review_undecided: "Mit allen Karten: nicht rechtzeitig entschieden.",
    review_chart_title: "Mit dem, was zu sehen war",
    review_chart_label: "Gewinnchance nach dem, was zu sehen war, Zug für Zug: {first} % am Anfang, {last} % am Ende. Markierte Züge: {mistakes}.",
    review_none: "keine",
    review_prev: "Vorheriger Schritt",
    review_next: "Nächster Schritt",
    review_slider: "Schritt",
    review_show_line: "Den Gewinnweg zeigen",
    review_show_game: "Zurück zur Partie",
    review_start: "Die Auslage vor dem ersten Zug.",
    review_after: "Nach Zug {n} von {count}: {move}. Mit allen Karten: {verdict}.",
    review_share: "Fairer Anteil: {share}.",
    review_verdict_winnable: "zu gewinnen",
    review_verdict_unwinnable: "verloren",
    review_verdict_unknown: "nicht entschieden",
    review_line_start: "Der Gewinnweg, von der Stellung nach Zug {n}.",
    review_line_step: "Gewinnweg, Schritt {n} von {count}: {move}.",
    review_moves_title: "Züge",
    review_draw: "Ziehen ({cards})",
    review_recycle: "Den Ablagestapel umdrehen",
    review_lost_mark: "hier wurde der Sieg verspielt",
    review_face_down: "verdeckt",
    review_table_label: "Der Tisch bei diesem Schritt, alle Karten gezeigt",
    no_games: "Noch keine Partien.",
    reset_stats: "Statistik zurücksetzen",
    stats_reset_done: "Statistik zurückgesetzt",
    stock_label: "Talon, {count} Karten",
    stock_label_one: "Talon, 1 Karte",
    stock_empty: "Talon, leer",
    stock_empty_recycle: "Talon, leer: tippen, um den Ablagestapel umzudrehen",
    stock_empty_done: "Talon, leer: kein weiterer Durchgang",
    waste_label: "Ablagestapel, {count} Karten",
    waste_label_one: "Ablagestapel, 1 Karte",
    waste_empty: "Ablagestapel, leer",
    foundation_label: "Zielstapel {n}, {suit}",
    foundation_empty: "Zielstapel {n}, {suit}, leer",
    column_label: "Spalte {n}",
    column_empty: "Spalte {n}, leer",
    column_cards: "Spalte {n}, {down} verdeckt, {up} offen",
    face_down: "verdeckte Karte",
    card_in: "{card}, {pile}",
    card_name: "{suit} {rank}",
    pile_S: "Talon",
    pile_W: "Ablagestapel",
    pile_F: "Zielstapel {n}",
    pile_T: "Spalte {n}",
    played: "{move}",
    picked: "{card} aufgenommen: Stapel wählen und Enter drücken, Escape bricht ab",
    drop_cancelled: "Zug abgebrochen",
    help_keys:
      "Tasten: Pfeile wechseln Stapel und Karten · Enter/Leertaste tippen · D doppelt tippen · " +
      "M aufnehmen und ablegen · U rückgängig · Strg+Y wiederholen · N neue Partie · H Tipp",
    keys_title: "Tastatur",
    no_more_passes: "kein weiterer Durchgang",
    redeal: "Ablagestapel umdrehen",
    outage_title: "Der Server des Spiels antwortet nicht",
    outage_text: "Starte ihn auf deinem Computer: den Befehl klondike ausführen (oder make run in seinem Ordner). Diese Seite macht von selbst weiter, sobald der Server antwortet.",
    server_error: "Der Server hatte ein Problem",
    hint: "Tipp",
    hint_title: "Tipp: der nächste Zug (H)",
    hint_thinking: "Suche einen guten Zug…",
    hint_none: "Es gibt keinen Zug mehr.",
    hint_finish: "Fertigstellen gewinnt.",
    hint_finish_details: "Fertigstellen gewinnt von hier aus, wie auch immer der Talon liegt.",
    hint_stock: "Vom Talon aufdecken.",
    hint_move: "{card} auf {target} ziehen.",
    hint_more: "Warum?",
    hint_chance_sure: "Gewinnt fast sicher.",
    hint_chance_likely: "Gewinnt wahrscheinlich.",
    hint_chance_even: "Kann gewinnen.",
    hint_chance_long: "Geringe Chance.",
    hint_chance_none: "Nichts Besseres ist übrig.",
    hint_winning: "Er führt zum Sieg.",
    hint_winning_details: "Der Löser fand einen Weg, der von hier gewinnt.",
    hint_unwinnable: "Hilft am meisten.",
    hint_unwinnable_details:
      "Der Löser findet von hier keinen Weg mehr zum Sieg; dieser Zug hilft am meisten.",
    hint_unknown: "Hilft am meisten.",
    hint_unknown_details: "Der Löser fand nicht rechtzeitig einen Weg zum Sieg; dieser Zug hilft am meisten.",
    hint_end_no_win: "Nichts Sichtbares führt mehr zum Sieg.",
    hint_end_no_win_peeked: "Von hier gewinnt kein Weg mehr.",
    hint_end_no_win_details: "Keine der nicht unterscheidbaren Verteilungen ist von hier noch zu gewinnen.",
    hint_end_no_new_move: "Jeder Zug führt zurück, wo du schon warst.",
    hint_end_no_new_move_peeked: "Jeder Zug führt zurück, wo du schon warst.",
    hint_end_no_new_move_details: "Jeder Zug führt in eine Stellung, die du mit deinem Wissen schon gespielt hast.",
    hint_end_lucky_shuffle: "Nur Glück beim Mischen hilft: Talon umdrehen.",
    hint_end_lucky_shuffle_details: "Alle anderen Züge führen zurück; neu gemischt bringt der Talon vielleicht die Karte, die fehlt.",
    hint_back_one: "{count} Zug zurück",
    hint_back_other: "{count} Züge zurück",
    winnable_only: "Nur lösbare Spiele",
    difficulty: "Schwierigkeit",
    tier_any: "Beliebig",
    tier_easy: "Einfach",
    tier_medium: "Mittel",
    tier_hard: "Schwierig",
    tier_expert: "Experte",
    tier_label: "Schwierigkeit: ",
    st_tier: "Schwierigkeit „{tier}“: gewonnen / gespielt",
    wait_seconds_one: "{count} Sekunde",
    wait_seconds_other: "{count} Sekunden",
    wait_minutes_one: "{count} Minute",
    wait_minutes_other: "{count} Minuten",
    wait_left: "noch etwa {wait}",
    wait_moment: "nur noch wenige Sekunden",
    tier_finding: "Suche ein Spiel für „{name}“ … {left}.",
    tier_finding_daily: "Suche das Spiel des Tages vom {day} für „{name}“ … {left}.",
    tier_play_on: "Solange weiterspielen",
    tier_ready: "Dein Spiel für „{name}“ ist bereit.",
    tier_ready_daily: "Das Spiel des Tages vom {day} für „{name}“ ist bereit.",
    tier_ready_start: "Jetzt starten",
    tier_none: "Für „{name}“ wurde in diesem Modus kein Spiel gefunden. Bitte eine andere Schwierigkeit wählen.",
    tier_none_daily: "Für „{name}“ wurde am {day} kein Spiel des Tages gefunden. Bitte eine andere Schwierigkeit wählen.",
    daily_deal: "Spiel des Tages",
    proving: "Suche ein Spiel, das der Löser gewinnen kann…",
    proved: "Als lösbar bewiesen in {seconds} s ({states} Stellungen).",
    proved_shipped: "Ein lösbares Spiel der Schwierigkeit „{name}“.",
    daily_started: "Das Spiel des Tages vom {day}.",
    daily: "Tagesspiel",
    daily_button_title: "Spiel des Tages: ein Kalender des Monats",
    daily_deal_open: "Spiel des Tages…",
    daily_about: "Ein Spiel pro Tag und Modus, für alle dasselbe und lösbar. Auch vergangene Tage lassen sich spielen.",
    daily_prev: "Voriger Monat",
    daily_next: "Nächster Monat",
    daily_play: "{day} spielen",
    daily_pick: "Einen Tag wählen",
    daily_finding: "Suche das Spiel des Tages…",
    daily_mark: "Tagesspiel · {day}",
    day_won: "gewonnen",
    day_played: "gespielt",
    day_playing: "läuft",
    day_today: "heute",
    how_to_play: "So wird gespielt",
    howto_ok: "Verstanden",
    howto_goal: "Lege jede Farbe auf ihrem Zielstapel ab, vom Ass bis zum König. Die Partie ist gewonnen, wenn alle 52 Karten dort liegen.",
    howto_moves: "In den sieben Spalten wird abwärts in wechselnden Farben angelegt (eine rote 7 auf eine schwarze 8); eine offene Karte wandert mit den Karten darauf. Eine leere Spalte nimmt nur einen König. Tippe auf den Talon, um Karten aufzudecken; tippe eine Karte an, zweimal, oder ziehe sie, um sie zu spielen.",
    howto_draw: "Aufdecken",
    howto_recycle: "Durchläufe",
    howto_scoring: "Wertung",
    howto_undo: "Rückgängig",
    howto_app_draw: "Ziehen 1 (Leicht) oder Ziehen 3 (Schwer); nur die oberste Karte des Ablagestapels ist spielbar.",
    howto_app_recycle: "Normal: der Ablagestapel kommt beliebig oft zurück in den Talon, je −100 Punkte. Vegas: der Talon wird nur einmal durchlaufen.",
    howto_app_scoring: "Normal: +10 je Karte auf einem Zielstapel, +5 je Karte vom Ablagestapel auf eine Spalte, +5 je aufgedeckte Karte; nie unter 0. Vegas: Start bei −52 $, +5 $ je Karte auf einem Zielstapel.",
    howto_app_undo: "Die letzten 100 Aktionen, samt ihren Punkten. Die oberste Karte eines Zielstapels darf zurück auf eine Spalte.",
    howto_classic_draw: "Ziehen 1 oder Ziehen 3; nur die oberste Karte ist spielbar.",
    howto_classic_recycle: "Beliebig oft: ist der Talon aufgebraucht, werden die Karten des Ablagestapels zu einem neuen Talon gemischt.",
    howto_classic_scoring: "Ohne Wertung: es zählen Züge und Zeit.",
    howto_classic_undo: "Die letzten 100 Aktionen. Keine Karte verlässt einen Zielstapel.",
    howto_solitaer_draw: "Nur Ziehen 3; zu Beginn liegen rechts neben dem Talon bereits drei Karten offen. Auch ein Rechtsklick auf den Tisch deckt auf.",
    howto_solitaer_recycle: "Beliebig oft, in derselben Reihenfolge.",
    howto_solitaer_scoring: "Ohne Wertung: es zählen Züge und Zeit. Ein As wandert von selbst auf seinen Ablagestapel.",
    howto_solitaer_undo: "Die letzten 100 Aktionen. Karten dürfen von einem Ablagestapel zurück, ein As nicht.",
    howto_more: "Festgefahren? Die Glühbirne gibt einen Tipp. Ist der Rest sicher gewonnen, spielt „Fertig spielen“ ihn zu Ende.",
  },
};

// The German words for the engine's refusals (klondike.errors.MESSAGES) and the server's,
// keyed by the refusal's reason and filled from its params. In English the page shows the
// server's own message, so there is no English table to keep in step.
const GERMAN_REASONS = {
  game_won: "die Partie ist gewonnen: keine Züge mehr",
  nothing_to_undo: "nichts rückgängig zu machen",
  nothing_to_redo: "nichts zu wiederholen: seit dem letzten Zug wurde nichts rückgängig gemacht",
  undo_limit: "nur die letzten {limit} Aktionen können rückgängig gemacht werden",
  undo_count: "{count} Aktionen können nicht rückgängig gemacht werden, nur {done}: nichts wurde rückgängig gemacht",
  won_no_undo: "die Partie ist gewonnen: sie kann nicht zurückgenommen werden",
  no_finish:
    "kein Fertigspielen möglich: Ziehen und Ablegen gewinnt von hier nicht, in welcher Reihenfolge der Talon auch liegt",
  not_text: "{what} muss Text sein, nicht {type}",
  bad_move_text: "„{text}“ ist kein Zug: QUELLE-ZIEL schreiben, zum Beispiel T2-T6 oder W-F",
  bad_pile: "„{text}“ ist kein Stapel: S, W, F1–F4 oder T1–T7",
  bad_card: "„{text}“ ist keine Karte: Rang und Farbe schreiben, zum Beispiel TH, 10H oder AS",
  stock_empty: "der Talon ist leer",
  waste_empty: "der Ablagestapel ist leer",
  column_empty: "Spalte {column} ist leer",
  foundation_empty: "Zielstapel {foundation} ist leer",
  recycle_stock_not_empty:
    "der Talon ist noch nicht leer: der Ablagestapel wird erst umgedreht, wenn er leer ist",
  vegas_one_pass: "Vegas: der Talon darf nur einmal durchgespielt werden",
  no_take_back: "{card} bleibt auf dem Zielstapel: in dieser Version verlässt ihn keine Karte",
  ace_stays: "{card} bleibt auf dem Zielstapel: es käme sofort dorthin zurück",
  bad_rules: "die Version ist eine von {keys}, nicht {value}",
  draw_not_in_rules: "{rules} wird nicht mit Ziehen {draw} gespielt",
  scoring_not_in_rules: "{rules} wird {played} gespielt, nicht {asked}",
  same_pile: "eine Karte kann nicht auf ihren eigenen Stapel ziehen",
  to_stock: "{card} kann nicht auf den Talon gelegt werden",
  to_waste: "{card} kann nicht auf den Ablagestapel: dorthin kommen Karten nur vom Talon",
  stock_only_to_waste: "der Talon gibt nur auf den Ablagestapel",
  foundation_to_foundation: "{card} kann nicht von einem Zielstapel auf einen anderen",
  wrong_foundation: "{card} gehört auf ihren eigenen Zielstapel, F{foundation}",
  foundation_needs: "{card} kann noch nicht auf den Zielstapel: erst muss {needed} dort liegen",
  king_only: "{card} kann nicht in eine leere Spalte: dorthin darf nur ein König",
  does_not_fit: "{card} passt nicht auf {target}: darauf passt nur eine {colour} {rank}",
  nothing_on_ace: "{card} passt nicht auf {target}: auf ein As in einer Spalte passt keine Karte",
  no_card_fits:
    "keine offene Karte aus Spalte {column} passt auf {target}: darauf passt nur eine {colour} {rank}",
  king_at_bottom:
    "{card} liegt schon ganz unten in Spalte {column}: in eine leere Spalte gezogen, änderte sich nichts",
  not_face_up: "{card} kann nicht bewegt werden: sie liegt verdeckt",
  not_top_waste: "{card} kann nicht gespielt werden: nur die oberste Karte des Ablagestapels",
  not_top_foundation:
    "{card} kann nicht zurückgenommen werden: nur die oberste Karte eines Zielstapels",
  not_top_for_foundation:
    "{card} kann nicht auf den Zielstapel: nur die unterste offene Karte einer Spalte darf dorthin",
  card_not_in_pile: "{card} ist keine offene Karte von {pile}",
  code_not_text: "ein Partiecode muss Text sein, nicht {type}",
  code_format: "„{text}“ ist kein Partiecode: er sieht aus wie KL1-D1N-AAAAAAG",
  code_prefix: "ein Partiecode beginnt mit KL1, KC1 oder KS1, nicht mit „{part}“",
  code_draw: "der Kartenteil eines Partiecodes ist D1 oder D3, nicht „{part}“",
  code_scoring:
    "der Wertungsbuchstabe eines Partiecodes ist N (Normal), V (Vegas) oder X (ohne Wertung), nicht „{part}“",
  code_deal_length: "der Spielteil eines Partiecodes hat 7 Zeichen, nicht {length}",
  code_alphabet:
    "der Spielteil eines Partiecodes besteht nur aus den Buchstaben A–Z und den Ziffern 2–7, nicht „{char}“",
  bad_draw: "Karten pro Zug: 1 oder 3, nicht {value}",
  bad_scoring: "Wertung: „normal“, „vegas“ oder „none“, nicht {value}",
  bad_deal: "eine Spielnummer ist eine ganze Zahl von 0 bis 34359738367, nicht {value}",
  bad_snapshot: "kein gültiger Spielstand: {detail}",
  stale_version:
    "in einem anderen Tab wurde weitergespielt: der Tisch zeigt jetzt den aktuellen Stand",
  bad_request: "die Anfrage wurde nicht verstanden: {detail}",
  confirm_required: "das Zurücksetzen der Statistik muss bestätigt werden",
  bad_host: "diese Adresse gehört nicht zum Spiel",
  bad_origin: "eine Anfrage von einer anderen Webseite wurde abgelehnt",
  not_found: "nicht gefunden: die Partie gibt es nicht mehr",
  game_over: "diese Partie ist vorbei: bitte eine neue beginnen",
  too_large: "die Anfrage ist zu groß",
  server_error: "der Server hatte ein Problem",
  game_not_found: "es gibt keine Partie {id}",
  method_not_allowed: "{method} ist hier nicht erlaubt",
  bad_content_type: "die Anfrage muss JSON senden",
  storage_error:
    "die Partie konnte nicht gespeichert werden, der Zug wurde nicht ausgeführt: {detail}",
  storage_read_error: "die Datenbank konnte nicht gelesen werden: {detail}",
  storage_new_game_error:
    "die neue Partie konnte nicht gespeichert werden, sie wurde nicht begonnen: {detail}",
  storage_reset_error:
    "die Statistik konnte nicht zurückgesetzt werden, sie ist unverändert: {detail}",
  storage_settings_error:
    "die Einstellungen konnten nicht gespeichert werden, sie sind unverändert: {detail}",
  game_damaged:
    "Partie {id} ({code}) kann nicht gezeigt werden: ihr gespeicherter Stand ist beschädigt. Sie bleibt unverändert in der Datenbank, mit den anderen Partien und der Statistik; eine neue Partie beginnen, um weiterzuspielen",
  code_not_ascii:
    "ein Partiecode besteht nur aus einfachen Buchstaben (A–Z), Ziffern und Bindestrichen, nicht „{char}“",
  internal_error: "der Server ist gescheitert: {detail}",
  no_proved_deal: "es wurde nicht rechtzeitig ein lösbares Spiel gefunden: bitte noch einmal",
  tier_not_ready:
    "für „{tier}“ ist noch kein Spiel bereit: eines zu finden dauert etwa {seconds} s",
  no_tier_deal: "für „{tier}“ wurde kein Spiel gefunden",
  solver_failed: "der Löser konnte nicht antworten: {detail}",
  solver_busy: "der Löser hat gerade zu viel zu tun: in {retry_after} s noch einmal versuchen",
  hint_superseded: "ein Tipp für einen neueren Stand der Partie wurde erbeten",
  bad_day: "Für den {day} gibt es kein Spiel des Tages: es gibt sie vom {first} bis heute",
  bad_today: "{day} ist nirgends heute: in UTC ist es der {today}",
  bad_month: "„{month}“ ist kein Monat der Spiele des Tages: JJJJ-MM, von {first} bis {last}",
  gauge_off: "die Anzeige der gewinnbaren Verteilungen ist aus: in den Einstellungen einschalten",
  gauge_superseded:
    "die Partie ist weitergegangen (Stand {newer}): die Anzeige für Stand {version} wird nicht mehr berechnet",
  storage_review_error: "die Analyse konnte nicht gespeichert werden: {detail}",
  review_playing: "Partie {id} läuft noch: ihre Analyse gibt es, sobald sie vorbei ist",
  review_unavailable: "Partie {id} kann nicht analysiert werden: {detail}",
  practice_move:
    "Partie {id} hat {moves} Züge: eine Übung beginnt vor einem der Züge 1 bis {moves}",
};

export const LANGUAGES = ["de", "en"];

let current = pickLanguage();

function pickLanguage() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORE_KEY);
  } catch {
    stored = null;
  }
  if (stored && TABLES[stored]) return stored;
  const wanted = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (TABLES[base]) return base;
  }
  return "en";
}

/** The language in use: "de" or "en". */
export function lang() {
  return current;
}

/** Switch the language and remember it. */
export function setLang(code) {
  if (!TABLES[code]) return;
  current = code;
  try {
    localStorage.setItem(STORE_KEY, code);
  } catch {
    // private mode: the choice lasts this page only
  }
  document.documentElement.lang = code;
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    params && params[name] !== undefined ? String(params[name]) : whole,
  );
}

/** The text of `key` in the current language, placeholders filled from `params`. */
export function t(key, params) {
  const text = TABLES[current][key] ?? TABLES.en[key] ?? key;
  return fill(text, params);
}

/**
 * A sum of money (Vegas) as the language writes it: "+$208", "−$52", "$0" in English,
 * "+208 $", "−52 $", "0 $" in German (the minus sign U+2212 in both).
 * @param {number} amount dollars
 */
export function money(amount) {
  const sign = amount > 0 ? "+" : amount < 0 ? "−" : "";
  const figure = String(Math.abs(amount));
  return current === "de" ? `${sign}${figure} $` : `${sign}$${figure}`;
}

/**
 * A score as the table shows it: the points in Normal, money in Vegas, nothing in a version
 * without a score.
 * @param {number} score
 * @param {string} scoring "normal", "vegas" or "none"
 */
export function scoreText(score, scoring) {
  if (scoring === "none") return "";
  return scoring === "vegas" ? money(score) : String(score);
}

const PLURALS = {};

/**
 * The text of `key` for `count` things: `key_one` or `key_other` by the language's plural
 * rules ({count} filled in too).
 */
export function tn(key, count, params) {
  PLURALS[current] ??= new Intl.PluralRules(current);
  const form = PLURALS[current].select(count) === "one" ? "one" : "other";
  return t(`${key}_${form}`, { ...params, count });
}

/** Every key of a table (the tests compare the two languages). */
export function keys(code) {
  return Object.keys(TABLES[code] || {});
}

/** Every refusal reason with a German text (the tests check it covers every reason). */
export function germanReasons() {
  return Object.keys(GERMAN_REASONS);
}

/** A card name as the engine writes it ("TH") in words: "ten of hearts", "Herz Zehn". */
export function cardWords(name) {
  const rank = RANK_WORDS[current][name[0]];
  const suit = SUIT_WORDS[current][name[1]];
  return t("card_name", { rank, suit });
}

/** The name of a suit letter in words. */
export function suitWords(letter) {
  return SUIT_WORDS[current][letter];
}

/** A pile name ("T3", "F2", "S", "W") in words: "column 3", "Zielstapel 2". */
export function pileWords(pile) {
  if (pile === "S" || pile === "W") return t(`pile_${pile}`);
  return t(`pile_${pile[0]}`, { n: pile.slice(1) });
}

// A card as messages print it ("10♥", "Q♠") with German ranks: B, D for J, Q.
function germanCard(text) {
  const match = /^(10|[2-9AJQK])([♠♥♦♣])$/.exec(text);
  if (!match) return text;
  const rank = { J: "B", Q: "D" }[match[1]] ?? match[1];
  return rank + match[2];
}

// A pile as the engine's messages name it ("column 3", "the waste"), in German.
function germanPile(text) {
  let match = /^column (\d)$/.exec(text);
  if (match) return `Spalte ${match[1]}`;
  match = /^foundation (\d)$/.exec(text);
  if (match) return `Zielstapel ${match[1]}`;
  if (text === "the stock") return "dem Talon";
  if (text === "the waste") return "dem Ablagestapel";
  return text;
}

const GERMAN_WHAT = { card: "eine Karte", pile: "ein Stapel", move: "ein Zug" };

// The colour and rank of the card a column takes ("only a black 5 goes on it"), in German.
const GERMAN_COLOUR = { black: "schwarze", red: "rote" };
const GERMAN_RANK = { J: "B", Q: "D" };

// The scorings as klondike.rules.SCORING_WORDS names them in messages, in German.
const GERMAN_SCORING = {
  "with Normal scoring": "mit der Wertung Normal",
  "with Vegas scoring": "mit der Wertung Vegas",
  "without a score": "ohne Punkte",
};

function germanParams(params) {
  const out = {};
  for (const [name, value] of Object.entries(params || {})) {
    if (typeof value !== "string") out[name] = value;
    else if (name === "pile") out[name] = germanPile(value);
    else if (name === "colour") out[name] = GERMAN_COLOUR[value] ?? value;
    else if (name === "rank") out[name] = GERMAN_RANK[value] ?? value;
    else if (name === "what") out[name] = GERMAN_WHAT[value] ?? value;
    else if (name === "tier") out[name] = TABLES.de[`tier_${value}`] ?? value;
    else if (name === "played" || name === "asked") {
      out[name] = value
        .split(" or ")
        .map((words) => GERMAN_SCORING[words] ?? words)
        .join(" oder ");
    }
    else out[name] = germanCard(value);
  }
  return out;
}

/**
 * A refusal as the player reads it, capitalised: in German from the reason and its params; in
 * English the server's message as it came.
 * @param {string} reason the refusal's key, e.g. "king_only"
 * @param {object} params its values, e.g. {card: "Q♠"}
 * @param {string} message the server's English sentence
 * @returns {string}
 */
export function reasonText(reason, params, message) {
  let text;
  if (reason === "network") text = t("outage_title"); // no server: not the browser's words
  else if (current === "de" && GERMAN_REASONS[reason]) {
    text = fill(GERMAN_REASONS[reason], germanParams(params));
  } else text = message || reason;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Apply the table to every element with data-i18n (text), data-i18n-label (aria-label),
 *  data-i18n-title (title) or data-i18n-placeholder. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
  document.title = t("title");
}

document.documentElement.lang = current;
