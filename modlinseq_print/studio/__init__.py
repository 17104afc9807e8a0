"""The studio: a local web app to design boards, build kits and set up positions, with live preview."""
